"use client";

import type { UseInfiniteQueryResult, InfiniteData } from "@tanstack/react-query";
import { BookmarkMinus, RotateCcw, Trash2 } from "lucide-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { noteLabelText } from "@/components/memory/note-label-text";
import { NoteText } from "@/components/memory/note-text";
import { badgeClass } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError, type Project, type TrashedNote } from "@/lib/client/api";
import type { TrashedNotePage } from "@/lib/trash/trashed-note-dto";
import { usePurgeNote, useRestoreNote } from "@/lib/client/mutations";
import { useProjects } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { daysLeft } from "./days-left";
import { RestoreTargetDialog } from "./restore-target-dialog";

type OriginState = "available" | "archived" | "deleted" | "unknown";

/**
 * Trashed notes beside the trashed documents: a deleted note, or the memory of a deleted
 * project, until the retention window purges it. Restore goes back to the note's project
 * while it is available, else through the same picker of active projects as documents.
 */
export function TrashedNotes({ query }: { query: UseInfiniteQueryResult<InfiniteData<TrashedNotePage>> }) {
  const t = useTranslations("trash");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const projects = useProjects();
  const restore = useRestoreNote();
  const purge = usePurgeNote();
  const [picking, setPicking] = useState<TrashedNote | null>(null);
  const [purging, setPurging] = useState<TrashedNote | null>(null);
  const notes = query.data?.pages.flatMap((page) => page.notes) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  if (notes.length === 0) return null;

  const originState = (note: TrashedNote): OriginState => {
    if (note.originAvailable) return "available";
    const origin = projects.data?.find((project) => project.id === note.trashOrigin.projectId);
    if (!projects.data) return "unknown";
    if (!origin) return "deleted";
    return origin.status === "archived" ? "archived" : "unknown";
  };

  function run(note: TrashedNote, target: Project | null) {
    restore.mutate(
      { noteId: note.id, projectId: target?.id },
      {
        onSuccess: () => {
          setPicking(null);
          toast.success(t("noteRestored", { project: target?.name ?? note.trashOrigin.projectName }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404 && target === null) setPicking(note);
          else toast.error(t("noteRestoreFailed"), { description: errorMessage(error) });
        },
      },
    );
  }

  return (
    <section className="space-y-3 pt-6" aria-labelledby="trashed-notes-title" data-testid="trashed-notes">
      <h2 id="trashed-notes-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {t("notesTitle")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("notesCount", { count: total })}</p>
      <ul
        aria-label={t("notesListLabel")}
        className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {notes.map((note) => (
          <TrashedNoteRow
            key={note.id}
            note={note}
            origin={originState(note)}
            restoring={restore.isPending && restore.variables?.noteId === note.id}
            onRestore={() => (note.originAvailable ? run(note, null) : setPicking(note))}
            onPurge={() => setPurging(note)}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t("loadMore", { shown: notes.length, total })}
        </Button>
      ) : null}
      <RestoreTargetDialog
        subject={
          picking
            ? {
                title: t("notePickerTitle"),
                description: t("pickerDescription", {
                  project: picking.trashOrigin.projectName,
                  state: originState(picking),
                }),
              }
            : null
        }
        busyProjectId={restore.isPending ? (restore.variables?.projectId ?? null) : null}
        onPick={(project) => picking && run(picking, project)}
        onClose={() => setPicking(null)}
      />
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        title={t("notePurgeTitle")}
        description={<p>{t("notePurgeBody")}</p>}
        confirmLabel={purge.isPending ? t("purging") : t("purgeConfirm")}
        cancelLabel={tc("cancel")}
        pending={purge.isPending}
        destructive
        onConfirm={() =>
          purging &&
          purge.mutate(purging.id, {
            onSuccess: () => {
              setPurging(null);
              toast.success(t("notePurged"));
            },
            onError: (error) => {
              setPurging(null);
              toast.error(t("notePurgeFailed"), { description: errorMessage(error) });
            },
          })
        }
        testId="purge-note-dialog"
      />
    </section>
  );
}

function TrashedNoteRow({
  note,
  origin,
  restoring,
  onRestore,
  onPurge,
}: {
  note: TrashedNote;
  origin: OriginState;
  restoring: boolean;
  onRestore: () => void;
  onPurge: () => void;
}) {
  const t = useTranslations("trash");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const days = daysLeft(note.purgeAfter, now);
  const label = noteLabelText(note.text);
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap" data-testid="trashed-note">
      <BookmarkMinus className="mt-0.5 size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
      <div className="min-w-0 flex-1 basis-52">
        <NoteText text={note.text} className="line-clamp-3" />
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <span>{t("fromProject", { project: note.trashOrigin.projectName, state: origin })}</span>
          <span
            className={badgeClass(days <= 3 ? "amber" : "neutral")}
            title={t("purgeDate", { date: format.dateTime(new Date(note.purgeAfter), { dateStyle: "long" }) })}
          >
            {t("daysLeft", { days })}
          </span>
        </div>
      </div>
      <div className="ml-7 flex shrink-0 items-center gap-1 sm:ml-0">
        <Button
          size="sm"
          onClick={onRestore}
          disabled={restoring}
          aria-label={t("restoreNote", { text: label })}
          data-testid="trashed-note-restore"
        >
          <RotateCcw className="size-4" aria-hidden />
          {restoring ? t("restoring") : t("restore")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onPurge}
          aria-label={t("purgeNote", { text: label })}
          className="hover:text-red-600 dark:hover:text-red-400"
          data-testid="trashed-note-purge"
        >
          <Trash2 className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t("purge")}</span>
        </Button>
      </div>
    </li>
  );
}
