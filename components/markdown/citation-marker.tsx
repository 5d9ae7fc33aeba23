"use client";

import { createContext, useContext, type ReactNode } from "react";

/**
 * How the answer being rendered draws its citation `n`, or null when it has no such passage
 * (a number the model invented stays the text it wrote). Given by the message around the
 * Markdown, so the renderer knows nothing of sources or previews.
 */
export const CitationRenderer = createContext<((n: number) => ReactNode | null) | null>(null);

/** The `cite-ref` element rehype-citation-markers.ts puts where the answer wrote `[n]`. */
export function CitationMarker(props: { "data-n"?: string | number }) {
  const render = useContext(CitationRenderer);
  const n = Number(props["data-n"]);
  return render?.(n) ?? `[${n}]`;
}
