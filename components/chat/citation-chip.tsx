"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import type { StoredCitation } from "@/lib/thread-messages/thread-message";
import { useFilePreview } from "./file-preview-provider";

/** A citation as the client has it: `available` comes with the persisted history, not the live stream. */
export type MessageCitation = StoredCitation & { available?: boolean };

/** Phones get the quote as a sheet: there is no hover, and a tooltip would cover the answer. */
const PHONE = "(max-width: 639px)";

const chipClass =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-full px-1 align-text-top text-[0.7rem] font-semibold leading-none tabular-nums";

/**
 * An answer's `[n]`, drawn where the model wrote it: hover or focus shows the quote and the
 * document's name; activating it opens the preview at the passage, marked (a PDF at its page).
 * A passage whose document left the shelf says so and opens nothing.
 */
export function CitationChip({ citation }: { citation: MessageCitation }) {
  const t = useTranslations("chat");
  const { projectId, openPreview, openDocument } = useFilePreview();
  const [sheetOpen, setSheetOpen] = useState(false);
  const tooltipId = useId();
  const opens = citation.available !== false && (citation.kind !== "document" || projectId !== null);
  const where = citation.page ? t("citationPage", { name: citation.name, page: citation.page }) : citation.name;

  function open() {
    const range: [number, number] = [citation.start, citation.end];
    if (citation.kind === "document")
      openDocument({ id: citation.documentId!, name: citation.name }, range, citation.page ?? undefined);
    else openPreview({ kind: citation.kind, filename: citation.name }, range);
  }

  function activate() {
    if (window.matchMedia(PHONE).matches) setSheetOpen(true);
    else if (opens) open();
  }

  return (
    <span className="group relative inline-block" data-testid="citation">
      <button
        type="button"
        onClick={activate}
        aria-label={t("citationLabel", { n: citation.n, name: where })}
        aria-describedby={tooltipId}
        data-available={opens ? "true" : "false"}
        className={`${chipClass} ${
          opens
            ? "bg-indigo-100 text-indigo-800 hover:bg-indigo-200 dark:bg-indigo-400/20 dark:text-indigo-200 dark:hover:bg-indigo-400/30"
            : "border border-dashed border-zinc-400 text-zinc-700 dark:border-zinc-600 dark:text-zinc-300"
        }`}
      >
        {citation.n}
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className="invisible absolute bottom-full left-1/2 z-30 mb-1.5 hidden w-72 -translate-x-1/2 rounded-lg border border-zinc-200 bg-white p-3 text-left text-xs leading-relaxed text-zinc-800 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 sm:block dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
        data-testid="citation-tooltip"
      >
        <span className="block font-semibold">{where}</span>
        {opens ? null : <span className="block text-zinc-600 dark:text-zinc-400">{t("citationGone")}</span>}
        <span className="mt-1 block italic">“{citation.quote}”</span>
      </span>
      <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
        <DialogPanel title={t("citationTitle", { n: citation.n })} closeLabel={t("close")} testId="citation-sheet">
          <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{where}</p>
          {opens ? null : <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("citationGone")}</p>}
          <blockquote className="mt-2 border-l-2 border-indigo-300 pl-3 text-sm italic text-zinc-800 dark:border-indigo-500 dark:text-zinc-200">
            {citation.quote}
          </blockquote>
          {opens ? (
            <Button
              className="mt-4"
              onClick={() => {
                setSheetOpen(false);
                open();
              }}
            >
              {t("citationOpen")}
            </Button>
          ) : null}
        </DialogPanel>
      </Dialog.Root>
    </span>
  );
}
