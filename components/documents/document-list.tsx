"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ListedDocument } from "@/lib/client/api";
import { DOCUMENT_ROW_ESTIMATE, DocumentRow } from "./document-row";
import { SelectDocumentCheckbox } from "./select-document-checkbox";

/** Fetch the next page while this many rows are still below the last one rendered. */
const PREFETCH_ROWS = 30;

/** The workspace's one scroll container (app/workspace/layout.tsx): the list scrolls with the page. */
function pageScroller(): HTMLElement | null {
  return document.getElementById("main");
}

/**
 * The shelf's rows, virtualised against the page's own scroll container: a shelf of 10,000
 * documents renders only the rows in view (plus a few either side), and asks for the next
 * page (`onNearEnd`) as the reader approaches the last row loaded. Rows are measured as they
 * render, so a long name, folder or snippet wraps instead of being cut. The list is a size
 * container: its own width decides between icon buttons and a row menu (document-row.tsx).
 */
export function DocumentList({
  documents,
  query,
  readOnly,
  onNearEnd,
  onPreview,
  onAttach,
  onTrash,
  onMove,
  selected,
  onSelect,
}: {
  documents: ListedDocument[];
  /** The active search, highlighted in names and snippets ("" for none). */
  query: string;
  readOnly: boolean;
  onNearEnd: () => void;
  onPreview: (document: ListedDocument) => void;
  onAttach: (document: ListedDocument) => void;
  onTrash: (document: ListedDocument) => void;
  onMove: (document: ListedDocument) => void;
  /** The ids of the documents chosen for a copy or move to another project. */
  selected: ReadonlySet<string>;
  onSelect: (document: ListedDocument, selected: boolean) => void;
}) {
  const t = useTranslations("documents");
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts inside the scrolling page, so the virtualiser can map page scroll
  // positions to rows (the header, toolbar and upload tray sit above it).
  useLayoutEffect(() => {
    const scroller = pageScroller();
    const list = listRef.current;
    if (!scroller || !list) return;
    const measure = () =>
      setScrollMargin(list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller.firstElementChild ?? scroller);
    return () => observer.disconnect();
  }, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser returns fresh measurements each render by design
  const virtualizer = useVirtualizer({
    count: documents.length,
    getScrollElement: pageScroller,
    estimateSize: () => DOCUMENT_ROW_ESTIMATE,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => documents[index].id,
  });
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastRendered >= documents.length - PREFETCH_ROWS) onNearEnd();
  }, [lastRendered, documents.length, onNearEnd]);

  return (
    <div
      ref={listRef}
      className="@container rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="document-list"
    >
      <div
        role="list"
        aria-label={t("listLabel")}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            role="listitem"
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <div className="flex items-stretch border-b border-zinc-200 dark:border-zinc-800">
              <SelectDocumentCheckbox
                document={documents[item.index]}
                checked={selected.has(documents[item.index].id)}
                onChange={(checked) => onSelect(documents[item.index], checked)}
              />
              <div className="min-w-0 flex-1">
                <DocumentRow
                  document={documents[item.index]}
                  query={query}
                  readOnly={readOnly}
                  onPreview={() => onPreview(documents[item.index])}
                  onAttach={() => onAttach(documents[item.index])}
                  onTrash={() => onTrash(documents[item.index])}
                  onMove={() => onMove(documents[item.index])}
                />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
