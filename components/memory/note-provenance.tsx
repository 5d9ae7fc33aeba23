"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Note } from "@/lib/client/api";

/** The page and anchor of the chat message a note came from. */
export function noteSourceHref(note: Pick<Note, "threadId" | "messageId">): string | null {
  if (!note.threadId) return null;
  const anchor = note.messageId ? `#message-${encodeURIComponent(note.messageId)}` : "";
  return `/workspace/chats/${encodeURIComponent(note.threadId)}${anchor}`;
}

/** Where a note came from: the user, or the assistant in a chat (a link to the message), and why; and the project a fork copied it from. */
export function NoteProvenance({ note, showReason = true }: { note: Note; showReason?: boolean }) {
  const t = useTranslations("memory");
  const href = noteSourceHref(note);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
      <span>{note.origin === "user" ? t("fromYou") : t("fromAgent")}</span>
      {href ? (
        <Link
          href={href}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          data-testid="note-source-link"
        >
          {t("openMessage")}
        </Link>
      ) : null}
      {note.forkedFrom ? (
        <span data-testid="note-forked-from">{t("forkedFrom", { name: note.forkedFrom.projectName })}</span>
      ) : null}
      {showReason && note.reason ? <span className="basis-full">{t("reason", { reason: note.reason })}</span> : null}
    </p>
  );
}
