"use client";

import { useQueryClient } from "@tanstack/react-query";
import { FileArchive, Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { queryKeys } from "@/lib/client/query-keys";
import { ImportError, importArchive, type ImportFailure, type ImportSummary } from "@/lib/client/import-archive";

type ImportState =
  | { phase: "idle" }
  | { phase: "uploading"; fraction: number }
  | { phase: "importing" }
  | { phase: "done"; summary: ImportSummary }
  | { phase: "failed"; failure: ImportFailure };

// The reasons POST /api/import gives (docs/architecture.md § "Export and import"); anything else
// falls back to the server's sentence.
const REFUSAL_REASONS = new Set([
  "not_a_zip",
  "unsafe_path",
  "duplicate_entry",
  "too_many_entries",
  "too_large",
  "unknown_version",
  "manifest_invalid",
  "manifest_mismatch",
  "corrupt_entry",
]);

/** The workspace home's "Import from an export": drop or pick a zip, watch it upload and import, read what came in. */
export function ImportDropZone() {
  const t = useTranslations("portable");
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState>({ phase: "idle" });
  const [dragging, setDragging] = useState(false);
  const busy = state.phase === "uploading" || state.phase === "importing";

  async function run(file: File) {
    if (busy) return;
    setState({ phase: "uploading", fraction: 0 });
    try {
      const summary = await importArchive({
        file,
        signal: new AbortController().signal,
        onProgress: (fraction) => setState(fraction >= 1 ? { phase: "importing" } : { phase: "uploading", fraction }),
      });
      setState({ phase: "done", summary });
      await Promise.all(
        [queryKeys.projects, queryKeys.threads, queryKeys.documents, queryKeys.trash].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (error) {
      setState({ phase: "failed", failure: error instanceof ImportError ? error.failure : { kind: "network" } });
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void run(file);
  }

  return (
    <section aria-labelledby="home-import" className="mt-10">
      <h2 id="home-import" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {t("importTitle")}
      </h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-3 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? "border-indigo-500 bg-indigo-50/60 dark:bg-indigo-500/10" : "border-zinc-300 dark:border-zinc-700"}`}
        data-testid="import-drop-zone"
      >
        <FileArchive className="size-6 text-zinc-500 dark:text-zinc-400" aria-hidden />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("importHint")}</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          // The button below opens it; one tab stop, and the input still has a name.
          tabIndex={-1}
          aria-label={t("importChoose")}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void run(file);
          }}
          data-testid="import-file-input"
        />
        <Button onClick={() => input.current?.click()} disabled={busy} data-testid="import-choose">
          <Upload className="size-4" aria-hidden />
          {t("importChoose")}
        </Button>
        <div aria-live="polite" className="w-full max-w-md text-sm" data-testid="import-status">
          {state.phase === "uploading" ? (
            <div className="flex flex-col items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
              <progress
                className="h-2 w-full accent-indigo-600"
                max={100}
                value={Math.floor(state.fraction * 100)}
                aria-label={t("importUploading")}
              />
              <span>{t("importUploadingPercent", { percent: Math.floor(state.fraction * 100) })}</span>
            </div>
          ) : state.phase === "importing" ? (
            <div className="flex flex-col items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
              <progress className="h-2 w-full accent-indigo-600" aria-label={t("importImporting")} />
              <span>{t("importImporting")}</span>
            </div>
          ) : state.phase === "done" ? (
            <p className="text-emerald-700 dark:text-emerald-400" data-testid="import-summary">
              {t("importDone", {
                projects: state.summary.projects,
                documents: state.summary.documents,
                threads: state.summary.threads,
              })}
            </p>
          ) : state.phase === "failed" ? (
            <p className="text-red-700 dark:text-red-400" role="alert" data-testid="import-error">
              {failureText(t, state.failure)}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function failureText(t: ReturnType<typeof useTranslations<"portable">>, failure: ImportFailure): string {
  switch (failure.kind) {
    case "tooLarge":
      return t("importTooLarge");
    case "refused":
      return REFUSAL_REASONS.has(failure.reason)
        ? t(`importRefused.${failure.reason}` as "importRefused.not_a_zip", { detail: failure.message })
        : t("importFailed");
    case "aborted":
    case "network":
      return t("importNetwork");
    case "server":
      return t("importFailed");
  }
}
