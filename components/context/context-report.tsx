"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ContextReport } from "@/lib/context/context-report";

/** A used-against-cap bar; the figure beside it is the accessible reading. */
function Meter({ used, max }: { used: number; max: number }) {
  const share = max > 0 ? Math.min(1, used / max) : 0;
  return (
    <div className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700" aria-hidden>
      <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${share * 100}%` }} />
    </div>
  );
}

function Row({
  label,
  value,
  used,
  max,
  testId,
}: {
  label: string;
  value: string;
  used: number;
  max: number;
  testId: string;
}) {
  return (
    // A term's group holds only its <dt> and <dd>s (what a <dl> allows); the bar is a second
    // <dd> spanning the row.
    <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-1.5 text-sm" data-testid={testId}>
      <dt className="font-medium text-zinc-800 dark:text-zinc-200">{label}</dt>
      <dd className="tabular-nums text-zinc-700 dark:text-zinc-300">{value}</dd>
      <dd className="col-span-2">
        <Meter used={used} max={max} />
      </dd>
    </div>
  );
}

/**
 * What the agent receives on the next run, as the server's admission computed it:
 * instructions and index against their caps, and the documents left out of the index.
 */
export function ContextReport({ context, compact = false }: { context: ContextReport; compact?: boolean }) {
  const t = useTranslations("context");
  const format = useFormatter();
  const { instructions, memory, index, omitted, scope } = context;
  return (
    <div className="space-y-4" data-testid="context-report">
      {scope ? (
        <div className="space-y-1" data-testid="context-scope">
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t("scopeTitle")}</p>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("scopeNote")}</p>
          <ul className="flex flex-wrap gap-1.5 text-xs">
            {scope.folders.map((folder) => (
              <li
                key={folder.id}
                className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
              >
                {t("scopeFolder", { path: folder.path })}
              </li>
            ))}
            {scope.documents.map((document) => (
              <li
                key={document.id}
                className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
              >
                {document.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="space-y-3">
        <Row
          label={t("instructions")}
          value={t("bytesOfMax", {
            bytes: format.number(instructions.bytes),
            max: format.number(instructions.maxBytes),
          })}
          used={instructions.bytes}
          max={instructions.maxBytes}
          testId="context-instructions"
        />
        <Row
          label={t("memory")}
          value={`${t("bytesOfMax", { bytes: format.number(memory.bytes), max: format.number(memory.maxBytes) })} · ${t(
            "memoryNotes",
            { shown: memory.shown, total: memory.total },
          )}`}
          used={memory.bytes}
          max={memory.maxBytes}
          testId="context-memory"
        />
        <Row
          label={t("indexEntries")}
          value={t("entriesOfTotal", { entries: index.entries, total: index.totalDocuments })}
          used={index.entries}
          max={index.totalDocuments}
          testId="context-index-entries"
        />
        <Row
          label={t("indexBytes")}
          value={t("bytesOfMax", { bytes: format.number(index.bytes), max: format.number(index.maxBytes) })}
          used={index.bytes}
          max={index.maxBytes}
          testId="context-index-bytes"
        />
      </dl>
      {omitted.count === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="context-all-listed">
          {index.totalDocuments === 0 ? t("noDocuments") : t("allListed")}
        </p>
      ) : (
        <div className="space-y-2" data-testid="context-omitted">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("omittedNote", { count: omitted.count })}</p>
          {compact ? null : (
            <ul
              className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-zinc-200 p-2 text-sm dark:border-zinc-700"
              aria-label={t("omittedListLabel")}
              tabIndex={0}
            >
              {omitted.documents.map((document) => (
                <li
                  key={document.id}
                  className="break-words text-zinc-800 dark:text-zinc-200"
                  data-testid="context-omitted-document"
                >
                  {document.name}
                </li>
              ))}
              {omitted.count > omitted.documents.length ? (
                <li className="text-zinc-600 dark:text-zinc-400">
                  {t("andMore", { count: omitted.count - omitted.documents.length })}
                </li>
              ) : null}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
