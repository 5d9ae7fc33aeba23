"use client";

import { BookOpen, FileText } from "lucide-react";
import { useTranslations } from "next-intl";
import type { StoredSource } from "@/lib/thread-messages/thread-message";
import { useFilePreview } from "./file-preview-provider";

/** A source as the client has it: `available` comes with the persisted history, not the live stream. */
export type MessageSource = StoredSource & { available?: boolean };

const chipClass = "inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium";

/**
 * The answer's read receipts: the documents and chat files the agent read in this turn.
 * Clicking one opens it at the first characters read, marked. A document that was trashed or
 * purged (or a chat file deleted) says so instead of opening nothing.
 */
export function MessageSources({ sources }: { sources: readonly MessageSource[] }) {
  const t = useTranslations("chat");
  const { projectId, openPreview, openDocument } = useFilePreview();
  if (sources.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="message-sources">
      <span className="inline-flex items-center gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
        <BookOpen className="size-3.5" aria-hidden />
        {t("sources")}
      </span>
      <ul className="contents">
        {sources.map((source) => {
          const key = `${source.kind}:${source.documentId ?? source.name}`;
          const opensHere = source.available !== false && (source.kind !== "document" || projectId !== null);
          const range = source.ranges[0];
          if (!opensHere) {
            return (
              <li
                key={key}
                className={`${chipClass} border-dashed border-zinc-300 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400`}
                data-testid="message-source"
                data-available="false"
              >
                <FileText className="size-3.5 shrink-0" aria-hidden />
                <span className="min-w-0 truncate">{source.name}</span>
                <span className="shrink-0">
                  ({source.kind === "document" ? t("sourceGoneDocument") : t("sourceGoneFile")})
                </span>
              </li>
            );
          }
          return (
            <li key={key} className="contents">
              <button
                type="button"
                className={`${chipClass} border-zinc-300 bg-white text-zinc-800 hover:border-indigo-400 hover:text-indigo-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:text-indigo-200`}
                onClick={() =>
                  source.kind === "document"
                    ? openDocument({ id: source.documentId!, name: source.name }, range)
                    : openPreview({ kind: source.kind, filename: source.name }, range)
                }
                aria-label={t("openSource", { name: source.name })}
                data-testid="message-source"
                data-available="true"
              >
                <FileText className="size-3.5 shrink-0" aria-hidden />
                <span className="min-w-0 truncate">{source.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
