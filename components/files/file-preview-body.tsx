"use client";

import { useQuery } from "@tanstack/react-query";
import { Download, FileQuestion, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Button } from "@/components/ui/button";
import { codePointLength, codePointRangeToUtf16 } from "@/lib/text/code-point-range";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { ApiError } from "@/lib/client/api";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { fetchArtifactText, PREVIEW_TEXT_CAP_BYTES } from "@/lib/client/fetch-artifact-text";
import { Markdown } from "@/components/markdown/markdown";
import type { PreviewFile } from "./preview-file";
import { extensionOf, previewKindOf } from "./preview-kind";

export function FilePreviewBody({ file }: { file: PreviewFile }) {
  const kind = previewKindOf(file.name);
  if (kind === "text" || kind === "source")
    return <TextPreview file={file} url={file.url} note={kind === "source" ? "source" : null} />;
  if (kind === "html") return <TextPreview file={file} url={file.url} note="html" />;
  if (kind === "office" && file.markdownUrl) return <TextPreview file={file} url={file.markdownUrl} note="converted" />;
  if (kind === "image")
    return (
      <div className="flex min-h-full items-center justify-center p-6">
        {/* eslint-disable-next-line @next/next/no-img-element -- an authenticated file, not a static asset next/image could optimise */}
        <img
          src={file.url}
          alt={file.name}
          className="max-h-full max-w-full rounded-lg shadow-sm"
          data-testid="file-preview-image"
        />
      </div>
    );
  if (kind === "pdf")
    return (
      <iframe
        // The browser's own viewer honours #page (a citation's page); the bytes are the same.
        src={file.page ? `${file.url}#page=${file.page}` : file.url}
        title={file.name}
        className="size-full border-0 bg-white"
        data-testid="file-preview-pdf"
      />
    );
  return <NoPreview file={file} />;
}

/**
 * Why the server gave no text, when it said so: the markdown endpoint answers 422
 * validation_failed with `details[0].reason` when it cannot convert, and any content read
 * answers 409 content_missing when the stored file is gone.
 */
function previewRefusal(
  error: unknown,
): "conversionDisabled" | "noTextForm" | "conversionTimeout" | "conversionMemory" | "contentMissing" | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === "content_missing") return "contentMissing";
  if (error.status === 422 && Array.isArray(error.body.details)) {
    const reason = (error.body.details[0] as { reason?: unknown } | undefined)?.reason;
    if (reason === "conversion_disabled") return "conversionDisabled";
    if (reason === "no_text_form") return "noTextForm";
    if (reason === "conversion_timeout") return "conversionTimeout";
    if (reason === "conversion_memory") return "conversionMemory";
  }
  return null;
}

function TextPreview({
  file,
  url,
  note,
}: {
  file: PreviewFile;
  url: string;
  note: "source" | "converted" | "html" | null;
}) {
  const name = file.name;
  const t = useTranslations("chat");
  const errorMessage = useErrorMessage();
  const [full, setFull] = useState(false);
  const [showSource, setShowSource] = useState(false);
  // No caching across openings: an output rewritten by the agent must show its new text.
  const query = useQuery({
    queryKey: ["thread", "artifact-text", url, full],
    queryFn: ({ signal }) => fetchArtifactText(url, full ? null : PREVIEW_TEXT_CAP_BYTES, signal),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  if (query.isPending) {
    // A converted preview can wait on a conversion of many seconds: say so, never a blank box.
    if (note === "converted") {
      return (
        <p
          role="status"
          className="m-5 flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300"
          data-testid="file-preview-converting"
        >
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("previewConverting", { name })}
        </p>
      );
    }
    return (
      <div
        className="m-5 h-40 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800"
        aria-label={t("previewLoading")}
      />
    );
  }
  if (query.isError) {
    const refusal = previewRefusal(query.error);
    if (refusal === "conversionDisabled") return <NoPreview file={file} message={t("previewConversionDisabled")} />;
    if (refusal === "noTextForm") return <NoPreview file={file} message={t("previewNoTextForm")} />;
    if (refusal === "conversionTimeout") return <NoPreview file={file} message={t("previewConversionTimeout")} />;
    if (refusal === "conversionMemory") return <NoPreview file={file} message={t("previewConversionMemory")} />;
    if (refusal === "contentMissing")
      return (
        <p
          role="alert"
          className="m-5 text-sm text-red-600 dark:text-red-400"
          data-testid="file-preview-content-missing"
        >
          {t("previewContentMissing")}
        </p>
      );
    return (
      <p role="alert" className="m-5 text-sm text-red-600 dark:text-red-400" data-testid="file-preview-error">
        {t("previewFailed")} {errorMessage(query.error)}
      </p>
    );
  }
  const { text, truncated } = query.data;
  const rendered = note === "converted" || (note === null && MARKDOWN.has(extensionOf(name)));
  return (
    <div>
      {note === "html" ? (
        <div className="flex items-center justify-between gap-3 border-b border-zinc-200 bg-amber-50 px-5 py-2 text-xs text-amber-900 dark:border-zinc-800 dark:bg-amber-400/10 dark:text-amber-200">
          <span data-testid="file-preview-html-note">{showSource ? t("previewSourceNote") : t("previewHtmlNote")}</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setShowSource((shown) => !shown)}
            aria-pressed={showSource}
            data-testid="file-preview-html-toggle"
          >
            {showSource ? t("previewShowRendered") : t("previewShowSource")}
          </Button>
        </div>
      ) : note ? (
        <p
          className="border-b border-zinc-200 bg-amber-50 px-5 py-2 text-xs text-amber-900 dark:border-zinc-800 dark:bg-amber-400/10 dark:text-amber-200"
          data-testid={`file-preview-${note}-note`}
        >
          {note === "source" ? t("previewSourceNote") : t("previewConvertedNote")}
        </p>
      ) : null}
      {truncated ? (
        <div className="flex items-center justify-between gap-3 border-b border-zinc-200 bg-white px-5 py-2 text-xs text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          <span>{t("previewTruncated", { size: formatByteSize(PREVIEW_TEXT_CAP_BYTES) })}</span>
          <Button size="sm" variant="secondary" onClick={() => setFull(true)} data-testid="file-preview-load-all">
            {t("loadAll")}
          </Button>
        </div>
      ) : null}
      {note === "html" && !showSource && !file.highlight ? (
        // sandbox="" : no scripts, no forms, no popups, and an opaque origin, so the page can
        // neither run nor reach this app; the bytes came from the attachment-only route.
        <iframe
          sandbox=""
          srcDoc={text}
          title={t("previewHtmlFrame", { name })}
          className="block h-[70dvh] w-full border-0 bg-white"
          data-testid="file-preview-html"
        />
      ) : file.highlight ? (
        <HighlightedText text={text} range={file.highlight} truncated={truncated} onNeedAll={() => setFull(true)} />
      ) : rendered ? (
        // The chat's own renderer (no raw HTML, safe links), for Markdown and converted office text alike.
        <div className="p-5" data-testid="file-preview-markdown">
          <Markdown text={text} />
        </div>
      ) : (
        <pre className={preClass} data-testid="file-preview-text">
          {prettyJson(name, text, truncated)}
        </pre>
      )}
    </div>
  );
}

const preClass =
  "whitespace-pre-wrap break-words p-5 font-mono text-[0.8rem] leading-relaxed text-zinc-800 dark:text-zinc-200";

/**
 * The text as the agent read it (never reformatted, so offsets mean the same characters),
 * with the range it read marked and scrolled into view. A range beyond what the first read
 * fetched loads the rest.
 */
function HighlightedText({
  text,
  range,
  truncated,
  onNeedAll,
}: {
  text: string;
  range: [number, number];
  truncated: boolean;
  onNeedAll: () => void;
}) {
  const mark = useRef<HTMLElement>(null);
  const beyond = truncated && codePointLength(text) < range[1];
  useEffect(() => {
    if (beyond) onNeedAll();
  }, [beyond, onNeedAll]);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: "center" });
  }, [text]);
  const [from, to] = codePointRangeToUtf16(text, range);
  return (
    <pre className={preClass} data-testid="file-preview-text">
      {text.slice(0, from)}
      <mark
        ref={mark}
        className="rounded-sm bg-amber-200 text-zinc-900 dark:bg-amber-400/40 dark:text-zinc-50"
        data-testid="file-preview-highlight"
      >
        {text.slice(from, to)}
      </mark>
      {text.slice(to)}
    </pre>
  );
}

/** Markdown files are shown rendered; every other text file stays plain text. */
const MARKDOWN = new Set(["md", "markdown"]);

/** Whole JSON files are indented for reading; a truncated one cannot be parsed, so it stays raw. */
function prettyJson(filename: string, text: string, truncated: boolean): string {
  if (truncated || extensionOf(filename) !== "json") return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function NoPreview({ file, message }: { file: PreviewFile; message?: string }) {
  const t = useTranslations("chat");
  return (
    <div
      className="flex min-h-full flex-col items-center justify-center gap-3 p-10 text-center"
      data-testid="file-preview-none"
    >
      <FileQuestion className="size-10 text-zinc-400" aria-hidden />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{message ?? t("noPreview")}</p>
      <a href={file.downloadUrl} download={file.name} className={buttonClass({ variant: "primary", size: "sm" })}>
        <Download className="size-4" aria-hidden />
        {t("download")}
      </a>
    </div>
  );
}
