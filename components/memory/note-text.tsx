"use client";

import { Markdown } from "@/components/markdown/markdown";

/**
 * A note as a person reads it: its Markdown rendered by the app's one renderer (no raw HTML,
 * safe links, no remote images), at the UI's text size. `className` styles the wrapper
 * (a clamp, a strike-through for a dismissed proposal).
 */
export function NoteText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`min-w-0 break-words ${className}`} data-testid="note-text">
      <Markdown text={text} size="note" />
    </div>
  );
}
