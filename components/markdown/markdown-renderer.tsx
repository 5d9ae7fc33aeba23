"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type ComponentProps } from "react";
import {
  defaultRehypePlugins,
  Streamdown,
  type Components,
  type PluginConfig,
  type StreamdownTranslations,
} from "streamdown";
import { safeLinkUrl } from "@/lib/text/safe-link-url";
import { CitationMarker } from "./citation-marker";
import { rehypeCitationMarkers } from "./rehype-citation-markers";

// The one Markdown renderer of the app (answers, Markdown previews, converted office text),
// loaded lazily by markdown.tsx so pages that show no Markdown never download it.
//
// Safety: rehype-raw is left out of the plugins, so streamdown turns every raw HTML node into
// plain text (a reply saying <script> shows those characters, nothing runs or renders);
// sanitize still runs on the result. Links survive only as absolute http(s) or mailto URLs and
// open in a new tab without an opener or referrer; images never load (a model-written image
// URL would be a tracking beacon), their alt text stands in.

type CodePlugin = NonNullable<PluginConfig["code"]>;

let codePlugin: CodePlugin | null = null;
let codePluginLoading: Promise<CodePlugin> | null = null;

/** The Shiki highlighter, fetched the first time a text has a code fence. */
function loadCodePlugin(): Promise<CodePlugin> {
  codePluginLoading ??= import("@streamdown/code").then(({ createCodePlugin }) => {
    codePlugin = createCodePlugin({ themes: ["github-light", "github-dark"] }) as CodePlugin;
    return codePlugin;
  });
  return codePluginLoading;
}

const FENCE = /^ {0,3}(```|~~~)/m;

function useCodePlugin(text: string): CodePlugin | null {
  const wanted = FENCE.test(text);
  const [plugin, setPlugin] = useState<CodePlugin | null>(codePlugin);
  useEffect(() => {
    if (!wanted || plugin) return;
    let live = true;
    void loadCodePlugin().then((loaded) => live && setPlugin(loaded));
    return () => {
      live = false;
    };
  }, [wanted, plugin]);
  return wanted ? plugin : null;
}

function SafeLink({ href, children, node: _node, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
  const url = href ? safeLinkUrl(href) : null;
  if (!url) return <span>{children}</span>;
  return (
    <a
      {...rest}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
    >
      {children}
    </a>
  );
}

function ImageAsText({ alt }: ComponentProps<"img"> & { node?: unknown }) {
  return alt ? <span className="italic">[{alt}]</span> : null;
}

/** A real <strong> (streamdown draws a styled span), so screen readers hear the emphasis. */
function Strong({ children }: ComponentProps<"strong"> & { node?: unknown }) {
  return <strong className="font-semibold">{children}</strong>;
}

const components = { a: SafeLink, img: ImageAsText, strong: Strong, "cite-ref": CitationMarker } as Components;

// Everything but rehype-raw: see above. An answer's `[n]` markers become chips; a document's
// Markdown keeps its brackets as written.
const rehypePlugins = [defaultRehypePlugins.sanitize!];
const answerRehypePlugins = [defaultRehypePlugins.sanitize!, rehypeCitationMarkers];

const urlTransform = (url: string) => safeLinkUrl(url) ?? "";

function useStreamdownTranslations(): Partial<StreamdownTranslations> {
  const t = useTranslations("markdown");
  return {
    copyCode: t("copyCode"),
    copied: t("copied"),
    copyTable: t("copyTable"),
    copyTableAsCsv: t("copyTableAsCsv"),
    copyTableAsMarkdown: t("copyTableAsMarkdown"),
    copyTableAsTsv: t("copyTableAsTsv"),
    tableFormatCsv: "CSV",
    tableFormatMarkdown: "Markdown",
    tableFormatTsv: "TSV",
  };
}

const sizeClass = {
  answer: "space-y-3 text-[0.95rem] leading-7",
  note: "space-y-2 text-sm leading-6",
} as const;

export default function MarkdownRenderer({
  text,
  streaming = false,
  cites = false,
  size = "answer",
}: {
  text: string;
  streaming?: boolean;
  cites?: boolean;
  size?: keyof typeof sizeClass;
}) {
  const code = useCodePlugin(text);
  const translations = useStreamdownTranslations();
  return (
    <Streamdown
      mode={streaming ? "streaming" : "static"}
      isAnimating={streaming}
      // Unfinished syntax mid-stream (an open ** or an unclosed link) is completed for display
      // rather than shown raw; the next tokens replace it.
      parseIncompleteMarkdown={streaming}
      rehypePlugins={cites ? answerRehypePlugins : rehypePlugins}
      urlTransform={urlTransform}
      components={components}
      plugins={code ? { code } : undefined}
      controls={{
        table: { copy: true, download: false, fullscreen: false },
        code: { copy: true, download: false },
        mermaid: false,
      }}
      linkSafety={{ enabled: false }}
      lineNumbers={false}
      translations={translations}
      className={`markdown break-words ${sizeClass[size]} text-zinc-800 dark:text-zinc-200`}
    >
      {text}
    </Streamdown>
  );
}
