"use client";

import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { SettingsCard } from "@/components/projects/settings-card";
import { Button } from "@/components/ui/button";
import { downloadExport } from "@/lib/client/export-data";
import { formatByteSize } from "@/lib/text/format-byte-size";

type ExportState =
  | { phase: "idle" }
  | { phase: "running"; receivedBytes: number; estimatedBytes: number }
  | { phase: "done"; filename: string }
  | { phase: "failed" };

/** Settings → "Export my data": the whole account as one zip, with progress while it streams. */
export function ExportDataSection() {
  const t = useTranslations("portable");
  const trashId = useId();
  const [includeTrash, setIncludeTrash] = useState(false);
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);

  async function start() {
    controller.current = new AbortController();
    setState({ phase: "running", receivedBytes: 0, estimatedBytes: 0 });
    try {
      const { blob, filename } = await downloadExport({
        includeTrash,
        signal: controller.current.signal,
        onProgress: (progress) => setState({ phase: "running", ...progress }),
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ phase: "done", filename });
    } catch {
      setState(controller.current?.signal.aborted ? { phase: "idle" } : { phase: "failed" });
    }
  }

  const running = state.phase === "running";
  // The estimate counts the files only; the manifest and transcripts come on top, so cap below 100 %.
  const percent =
    running && state.estimatedBytes > 0
      ? Math.min(99, Math.floor((state.receivedBytes / state.estimatedBytes) * 100))
      : null;
  return (
    <SettingsCard title={t("exportTitle")} description={t("exportDescription")}>
      <div className="flex flex-col gap-3" data-testid="export-section">
        <label htmlFor={trashId} className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            id={trashId}
            type="checkbox"
            checked={includeTrash}
            disabled={running}
            onChange={(e) => setIncludeTrash(e.target.checked)}
            className="size-4 accent-indigo-600"
            data-testid="export-include-trash"
          />
          {t("exportIncludeTrash")}
        </label>
        <div className="flex items-center gap-3">
          <Button variant="primary" onClick={start} disabled={running} data-testid="export-start">
            <Download className="size-4" aria-hidden />
            {t("exportButton")}
          </Button>
          {running ? (
            <Button variant="secondary" onClick={() => controller.current?.abort()} data-testid="export-cancel">
              {t("cancel")}
            </Button>
          ) : null}
        </div>
        <div aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="export-status">
          {running ? (
            <div className="flex flex-col gap-1.5">
              <progress
                className="h-2 w-full max-w-md accent-indigo-600"
                max={100}
                value={percent ?? undefined}
                aria-label={t("exportProgressLabel")}
                data-testid="export-progress"
              />
              <span>
                {t("exportProgress", {
                  received: formatByteSize(state.receivedBytes),
                  total: formatByteSize(state.estimatedBytes),
                })}
              </span>
            </div>
          ) : state.phase === "done" ? (
            <span data-testid="export-done">{t("exportDone", { filename: state.filename })}</span>
          ) : state.phase === "failed" ? (
            <span className="text-red-700 dark:text-red-400" role="alert">
              {t("exportFailed")}
            </span>
          ) : null}
        </div>
      </div>
    </SettingsCard>
  );
}
