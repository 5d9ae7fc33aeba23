"use client";

import { Check, Pencil, Trash2, X } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import type { MemorySummary, Note, Project } from "@/lib/client/api";
import { useCreateNote, useRestoreNote, useTrashNote, useUpdateNote } from "@/lib/client/mutations";
import { useProjectNotes } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { noteLabelText } from "./note-label-text";
import { NoteProvenance } from "./note-provenance";
import { NoteText } from "./note-text";
import { NoteTextField, useNoteDraftCheck } from "./note-text-field";

/**
 * The project's memory on its Instructions tab: what every request carries (bytes of the budget,
 * notes shown of all), the agent's proposals waiting for a decision, the approved notes (edit,
 * delete with Undo), and a field to add one. An archived project's memory is shown read-only.
 */
export function MemorySection({ project }: { project: Project }) {
  const t = useTranslations("memory");
  const id = useId();
  const query = useProjectNotes(project.id);
  const readOnly = project.status === "archived";
  const notes = query.data?.notes ?? [];
  const proposals = notes.filter((note) => note.state === "proposed");
  const approved = notes.filter((note) => note.state === "approved");
  const dismissed = notes.filter((note) => note.state === "dismissed");

  return (
    <section
      id="memory"
      aria-labelledby={`${id}-title`}
      className="space-y-5 border-t border-zinc-200 pt-8 dark:border-zinc-800"
      data-testid="memory-section"
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          {t("title")}
        </h2>
        <p className="mt-1 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </div>
      {query.isPending ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400" role="status">
          {t("loading")}
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-red-700 dark:text-red-400">
          {t("loadFailed")}
          <Button size="sm" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <>
          <MemoryUsage memory={query.data.memory} />
          {readOnly ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
              {t("archivedNote")}
            </p>
          ) : (
            <AddNoteForm projectId={project.id} />
          )}
          {proposals.length > 0 ? (
            <ProposalList projectId={project.id} proposals={proposals} readOnly={readOnly} />
          ) : null}
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              {t("approvedTitle")}{" "}
              <span className="font-normal text-zinc-500 dark:text-zinc-400">({approved.length})</span>
            </h3>
            {approved.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="memory-empty">
                {t("approvedEmpty")}
              </p>
            ) : (
              <ul aria-label={t("approvedListLabel")} className="space-y-2" data-testid="memory-approved">
                {approved.map((note) => (
                  <ApprovedNote key={note.id} projectId={project.id} note={note} readOnly={readOnly} />
                ))}
              </ul>
            )}
          </div>
          {dismissed.length > 0 && !readOnly ? <DismissedNotes projectId={project.id} notes={dismissed} /> : null}
        </>
      )}
    </section>
  );
}

function MemoryUsage({ memory }: { memory: MemorySummary }) {
  const t = useTranslations("memory");
  const format = useFormatter();
  if (memory.total === 0)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="memory-usage">
        {t("usageEmpty")}
      </p>
    );
  const percent = Math.min(100, Math.round((memory.bytes / memory.maxBytes) * 100));
  return (
    <div className="space-y-1.5" data-testid="memory-usage" data-bytes={memory.bytes} data-shown={memory.shown}>
      <p className="text-sm tabular-nums text-zinc-700 dark:text-zinc-300">
        {t("usage", {
          bytes: format.number(memory.bytes),
          max: format.number(memory.maxBytes),
          shown: memory.shown,
          total: memory.total,
        })}
      </p>
      <div
        className="h-1.5 w-full max-w-md overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        role="presentation"
      >
        <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
      {memory.total > memory.shown ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("overflow", { count: memory.total - memory.shown })}
        </p>
      ) : null}
    </div>
  );
}

function AddNoteForm({ projectId }: { projectId: string }) {
  const t = useTranslations("memory");
  const errorMessage = useErrorMessage();
  const create = useCreateNote(projectId);
  const [draft, setDraft] = useState("");
  const { overCap, empty } = useNoteDraftCheck(draft);
  const submit = () => {
    if (overCap || empty || create.isPending) return;
    create.mutate(draft, {
      onSuccess: () => {
        setDraft("");
        toast.success(t("added"));
      },
      onError: (error) => toast.error(t("addFailed"), { description: errorMessage(error) }),
    });
  };
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <NoteTextField
        label={t("addLabel")}
        value={draft}
        onChange={setDraft}
        placeholder={t("addPlaceholder")}
        onSubmit={submit}
        testId="memory-add-input"
      />
      <Button
        type="submit"
        variant="primary"
        size="sm"
        disabled={overCap || empty || create.isPending}
        data-testid="memory-add"
      >
        {create.isPending ? t("adding") : t("add")}
      </Button>
    </form>
  );
}

function ProposalList({ projectId, proposals, readOnly }: { projectId: string; proposals: Note[]; readOnly: boolean }) {
  const t = useTranslations("memory");
  const errorMessage = useErrorMessage();
  const update = useUpdateNote(projectId);
  const decideAll = (state: "approved" | "dismissed") =>
    Promise.all(proposals.map((note) => update.mutateAsync({ noteId: note.id, state }))).catch((error) =>
      toast.error(t("updateFailed"), { description: errorMessage(error) }),
    );
  return (
    <div className="space-y-2 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/30">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {t("proposalsTitle")}{" "}
          <span className="font-normal text-zinc-600 dark:text-zinc-400">({proposals.length})</span>
        </h3>
        {readOnly || proposals.length < 2 ? null : (
          <>
            <Button
              size="sm"
              onClick={() => void decideAll("approved")}
              disabled={update.isPending}
              data-testid="memory-approve-all"
            >
              {t("approveAll")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void decideAll("dismissed")}
              disabled={update.isPending}
              data-testid="memory-dismiss-all"
            >
              {t("dismissAll")}
            </Button>
          </>
        )}
      </div>
      <ul aria-label={t("proposalsListLabel")} className="space-y-2" data-testid="memory-proposals">
        {proposals.map((note) => (
          <li
            key={note.id}
            className="rounded-lg bg-white p-3 shadow-xs dark:bg-zinc-900"
            data-testid="memory-proposal"
          >
            <NoteDecision projectId={projectId} note={note} readOnly={readOnly} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A proposal and the three decisions on it: Remember, Edit and remember, Dismiss. Shared by
 * the Memory section and the card under the answer that proposed it.
 */
export function NoteDecision({ projectId, note, readOnly }: { projectId: string; note: Note; readOnly: boolean }) {
  const t = useTranslations("memory");
  const errorMessage = useErrorMessage();
  const update = useUpdateNote(projectId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.text);
  const { overCap, empty } = useNoteDraftCheck(draft);
  // mutateAsync, not mutate's callbacks: a decided proposal leaves the list it was in (the
  // refetch unmounts this component), and the person must still hear how it went.
  const decide = (input: { state: "approved" | "dismissed"; text?: string }) =>
    update.mutateAsync({ noteId: note.id, ...input }).then(
      () => {
        setEditing(false);
        toast.success(input.state === "approved" ? t("rememberedToast") : t("dismissedToast"));
      },
      (error: unknown) => toast.error(t("updateFailed"), { description: errorMessage(error) }),
    );
  const saveEdit = () => {
    if (!overCap && !empty) void decide({ state: "approved", text: draft });
  };
  return (
    <div className="space-y-2">
      {editing ? (
        <NoteTextField
          label={t("editLabel")}
          value={draft}
          onChange={setDraft}
          autoFocus
          onSubmit={saveEdit}
          onCancel={() => setEditing(false)}
          testId="note-edit-input"
        />
      ) : (
        <NoteText text={note.text} />
      )}
      <NoteProvenance note={note} />
      {readOnly ? null : editing ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="primary"
            onClick={saveEdit}
            disabled={overCap || empty || update.isPending}
            data-testid="note-save-and-remember"
          >
            <Check className="size-4" aria-hidden />
            {t("remember")}
          </Button>
          <Button size="sm" onClick={() => setEditing(false)}>
            {t("cancel")}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="primary"
            onClick={() => void decide({ state: "approved" })}
            disabled={update.isPending}
            data-testid="note-remember"
          >
            <Check className="size-4" aria-hidden />
            {t("remember")}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              setDraft(note.text);
              setEditing(true);
            }}
            disabled={update.isPending}
            data-testid="note-edit-and-remember"
          >
            <Pencil className="size-4" aria-hidden />
            {t("editAndRemember")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void decide({ state: "dismissed" })}
            disabled={update.isPending}
            data-testid="note-dismiss"
          >
            <X className="size-4" aria-hidden />
            {t("dismiss")}
          </Button>
        </div>
      )}
    </div>
  );
}

function ApprovedNote({ projectId, note, readOnly }: { projectId: string; note: Note; readOnly: boolean }) {
  const t = useTranslations("memory");
  const errorMessage = useErrorMessage();
  const update = useUpdateNote(projectId);
  const trash = useTrashNote(projectId);
  const restore = useRestoreNote();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.text);
  const { overCap, empty } = useNoteDraftCheck(draft);
  const label = noteLabelText(note.text);

  const save = () => {
    if (overCap || empty) return;
    if (draft.trim() === note.text) return setEditing(false);
    update.mutate(
      { noteId: note.id, text: draft },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => toast.error(t("updateFailed"), { description: errorMessage(error) }),
      },
    );
  };
  // mutateAsync: the deleted note's row unmounts before mutate's own callbacks would run, and
  // the toast with Undo must still appear (and its Undo still work) after that.
  const remove = () =>
    trash.mutateAsync(note.id).then(
      () =>
        toast.success(t("deleted"), {
          action: {
            label: t("undo"),
            onClick: () =>
              restore.mutateAsync({ noteId: note.id }).then(
                () => toast.success(t("restored")),
                (error: unknown) => toast.error(t("updateFailed"), { description: errorMessage(error) }),
              ),
          },
        }),
      (error: unknown) => toast.error(t("updateFailed"), { description: errorMessage(error) }),
    );

  return (
    <li
      className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="memory-note"
    >
      {editing ? (
        <div className="space-y-2">
          <NoteTextField
            label={t("editLabel")}
            value={draft}
            onChange={setDraft}
            autoFocus
            onSubmit={save}
            onCancel={() => setEditing(false)}
            testId="note-edit-input"
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="primary"
              onClick={save}
              disabled={overCap || empty || update.isPending}
              data-testid="note-save"
            >
              {t("save")}
            </Button>
            <Button size="sm" onClick={() => setEditing(false)}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1 space-y-1">
            <NoteText text={note.text} />
            <NoteProvenance note={note} showReason={false} />
          </div>
          {readOnly ? null : (
            <div className="flex shrink-0 gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("editNamed", { text: label })}
                title={t("edit")}
                onClick={() => {
                  setDraft(note.text);
                  setEditing(true);
                }}
                data-testid="note-edit"
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("deleteNamed", { text: label })}
                title={t("delete")}
                onClick={() => void remove()}
                disabled={trash.isPending}
                data-testid="note-delete"
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function DismissedNotes({ projectId, notes }: { projectId: string; notes: Note[] }) {
  const t = useTranslations("memory");
  const errorMessage = useErrorMessage();
  const update = useUpdateNote(projectId);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
        {t("cardDismissed")} ({notes.length})
      </summary>
      <ul className="mt-2 space-y-2">
        {notes.map((note) => (
          <li
            key={note.id}
            className="flex items-start gap-2 rounded-lg border border-dashed border-zinc-300 p-3 dark:border-zinc-700"
          >
            <NoteText text={note.text} className="flex-1" />
            <Button
              size="sm"
              onClick={() =>
                update.mutate(
                  { noteId: note.id, state: "approved" },
                  { onError: (error) => toast.error(t("updateFailed"), { description: errorMessage(error) }) },
                )
              }
              aria-label={`${t("remember")}: ${noteLabelText(note.text)}`}
            >
              {t("remember")}
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
