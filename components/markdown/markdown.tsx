"use client";

import { lazy, Suspense } from "react";

const loadRenderer = () => import("./markdown-renderer");
const MarkdownRenderer = lazy(loadRenderer);

/** Starts fetching the renderer early (a chat page does while its history loads). */
export function preloadMarkdown(): void {
  void loadRenderer();
}

/**
 * Model answers and Markdown documents, rendered (see markdown-renderer.tsx). Until the
 * renderer's chunk arrives the text shows plain, wrapped as written.
 */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words text-[0.95rem] leading-7 text-zinc-800 dark:text-zinc-200">{text}</div>}>
      <MarkdownRenderer text={text} streaming={streaming} />
    </Suspense>
  );
}
