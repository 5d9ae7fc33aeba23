"use client";

import { BookmarkCheck, BookmarkPlus, BookmarkX } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Note } from "@/lib/client/api";
import { useProjectNotes, useProjects } from "@/lib/client/queries";
import { isNoteProposedPart } from "@/lib/thread-messages/note-proposed-part";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { useChatProjectId } from "./chat-project";
import { NoteDecision } from "./memory-section";
import { NoteText } from "./note-text";

/** The notes an answer proposed, once each, in the order it proposed them. */
export function proposedNoteIds(message: ThreadMessage): string[] {
  const ids: string[] = [];
  for (const part of message.parts) {
    if (isNoteProposedPart(part) && !ids.includes(part.data.noteId)) ids.push(part.data.noteId);
  }
  return ids;
}

/**
 * Under an answer: a card for each note it proposed
 * (docs/architecture.md § "The path of a run", step 7). The note is read live from the project's
 * memory, so the card shows the decision wherever it was made (here, on the Memory section, in
 * another tab) and survives a reload.
 */
export function NoteProposalCards({ message }: { message: ThreadMessage }) {
  const projectId = useChatProjectId();
  const ids = proposedNoteIds(message);
  const notes = useProjectNotes(ids.length > 0 ? projectId : null);
  const projects = useProjects();
  if (ids.length === 0) return null;
  const archived = projects.data?.find((project) => project.id === projectId)?.status === "archived";
  return (
    <div className="space-y-2">
      {ids.map((id) => (
        <NoteProposalCard
          key={id}
          projectId={projectId}
          note={notes.data?.notes.find((note) => note.id === id) ?? null}
          loading={notes.isPending && projectId !== null}
          archived={archived}
        />
      ))}
    </div>
  );
}

function NoteProposalCard({
  projectId,
  note,
  loading,
  archived,
}: {
  projectId: string | null;
  note: Note | null;
  loading: boolean;
  archived: boolean;
}) {
  const t = useTranslations("memory");
  if (loading)
    return (
      <div
        className="h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800"
        aria-hidden
        data-testid="note-card-loading"
      />
    );
  if (!note || !projectId)
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="note-card" data-state="gone">
        {t("cardGone")}
      </p>
    );
  const manage = (
    <Link
      href={`/workspace/projects/${encodeURIComponent(projectId)}?tab=instructions#memory`}
      className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
    >
      {t("manage")}
    </Link>
  );
  if (note.state !== "proposed") {
    const remembered = note.state === "approved";
    const Icon = remembered ? BookmarkCheck : BookmarkX;
    return (
      <section
        aria-label={t("cardLabel")}
        className="space-y-1 rounded-xl border border-zinc-200 px-4 py-3 dark:border-zinc-800"
        data-testid="note-card"
        data-state={note.state}
      >
        <p
          className={`flex items-center gap-2 text-sm font-medium ${remembered ? "text-emerald-800 dark:text-emerald-300" : "text-zinc-600 dark:text-zinc-400"}`}
          role="status"
        >
          <Icon className="size-4" aria-hidden />
          {remembered ? t("cardRemembered") : t("cardDismissed")}
        </p>
        <NoteText text={note.text} className={remembered ? "" : "line-through opacity-75"} />
        {manage}
      </section>
    );
  }
  return (
    <section
      aria-label={t("cardLabel")}
      className="space-y-2 rounded-xl border border-indigo-200 bg-indigo-50/60 px-4 py-3 dark:border-indigo-900 dark:bg-indigo-950/30"
      data-testid="note-card"
      data-state="proposed"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
        <BookmarkPlus className="size-4 text-indigo-700 dark:text-indigo-300" aria-hidden />
        {t("cardTitle")}
      </p>
      {archived ? <p className="text-xs text-amber-800 dark:text-amber-300">{t("cardArchived")}</p> : null}
      <NoteDecision projectId={projectId} note={note} readOnly={archived} />
      {manage}
    </section>
  );
}
