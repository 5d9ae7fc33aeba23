"use client";

import { useEffect, useState, type ComponentType } from "react";

// The renderer (markdown-renderer.tsx) is its own chunk, fetched on first need, so pages that
// show no Markdown never download it. Held in a module variable once loaded, so every later
// render uses it synchronously (no suspense, no one-frame fallback).

/** "answer": a reply or a document, at reading size; "note": a short note among controls, at the UI's size. */
export type MarkdownSize = "answer" | "note";

type Renderer = ComponentType<{ text: string; streaming?: boolean; cites?: boolean; size?: MarkdownSize }>;

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

function loadRenderer(): Promise<Renderer> {
  loading ??= import("./markdown-renderer").then((module) => (renderer = module.default));
  return loading;
}

function useRenderer(): Renderer | null {
  // Wrapped: useState would call a function given directly as its initial value.
  const [loaded, setLoaded] = useState<Renderer | null>(() => renderer);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadRenderer().then((component) => live && setLoaded(() => component));
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

/**
 * Starts fetching the renderer and says when it has arrived (or failed), so a chat can wait
 * for it together with its history and never show an answer's raw Markdown first.
 */
export function useMarkdownReady(): boolean {
  const [ready, setReady] = useState(renderer !== null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadRenderer().finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/**
 * Model answers, Markdown documents and notes, rendered (see markdown-renderer.tsx). Until the
 * renderer's chunk arrives the text shows plain, wrapped as written. `cites`: the text is an
 * answer whose `[n]` markers are drawn by the CitationRenderer around it.
 */
export function Markdown({
  text,
  streaming = false,
  cites = false,
  size = "answer",
}: {
  text: string;
  streaming?: boolean;
  cites?: boolean;
  size?: MarkdownSize;
}) {
  const Renderer = useRenderer();
  if (!Renderer)
    return (
      <div
        className={`whitespace-pre-wrap break-words ${size === "note" ? "text-sm leading-6" : "text-[0.95rem] leading-7"} text-zinc-800 dark:text-zinc-200`}
      >
        {text}
      </div>
    );
  // One component for the module's lifetime (the loaded chunk's default export), not one per render.
  // eslint-disable-next-line react-hooks/static-components
  return <Renderer text={text} streaming={streaming} cites={cites} size={size} />;
}
