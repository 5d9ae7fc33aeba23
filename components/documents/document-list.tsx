"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import type { ProjectDocument } from "@/lib/client/api";
import { DOCUMENT_ROW_HEIGHT, DocumentRow } from "./document-row";

/** At most this many rows show at once; the list scrolls inside its own box beyond that. */
const VISIBLE_ROWS = 10;

/**
 * The shelf's rows, virtualised: a shelf of 1,000 documents renders only the rows in view
 * (plus a few either side), so the tab stays quick to open, scroll and update.
 */
export function DocumentList({
  documents,
  readOnly,
  onPreview,
  onAttach,
  onTrash,
}: {
  documents: ProjectDocument[];
  readOnly: boolean;
  onPreview: (document: ProjectDocument) => void;
  onAttach: (document: ProjectDocument) => void;
  onTrash: (document: ProjectDocument) => void;
}) {
  const t = useTranslations("documents");
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser returns fresh measurements each render by design
  const virtualizer = useVirtualizer({
    count: documents.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DOCUMENT_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => documents[index].id,
  });
  const height = Math.min(documents.length, VISIBLE_ROWS) * DOCUMENT_ROW_HEIGHT;
  return (
    <div
      ref={scrollRef}
      className="overflow-y-auto rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      style={{ height }}
      data-testid="document-list"
    >
      <div role="list" aria-label={t("listLabel")} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} role="listitem" className="absolute inset-x-0 top-0" style={{ transform: `translateY(${item.start}px)` }}>
            <DocumentRow
              document={documents[item.index]}
              readOnly={readOnly}
              onPreview={() => onPreview(documents[item.index])}
              onAttach={() => onAttach(documents[item.index])}
              onTrash={() => onTrash(documents[item.index])}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
