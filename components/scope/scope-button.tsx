"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { FileText, Folder as FolderIcon, Plus, SlidersHorizontal, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { useThreadContext } from "@/lib/client/queries";
import { useScopeCandidates } from "./use-scope-candidates";
import { useScopeEditor } from "./use-scope-editor";

/**
 * The chat header's "Scope" control: which folders and documents of its project the chat sees
 * (empty: the whole shelf). The scope is enforced on the server for the index and every shelf
 * tool; this only chooses it.
 */
export function ScopeButton({ threadId, projectId }: { threadId: string; projectId: string }) {
  const t = useTranslations("scope");
  const tc = useTranslations("common");
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const editor = useScopeEditor(threadId);
  const context = useThreadContext(threadId, open);
  const candidates = useScopeCandidates(open ? projectId : null, search);
  const described = context.data && context.data.project !== null ? context.data.scope : null;
  const count = (editor.scope?.folderIds.length ?? 0) + (editor.scope?.documentIds.length ?? 0);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        {/* On a phone only the icon shows (the header has no room for another label); its name stays. */}
        <Button
          variant="ghost"
          size="sm"
          aria-label={count === 0 ? t("buttonWhole") : t("buttonCount", { count })}
          data-testid="scope-button"
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          <span className="hidden sm:inline" aria-hidden>
            {count === 0 ? t("buttonWhole") : t("buttonCount", { count })}
          </span>
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={t("title")} description={t("description")} closeLabel={tc("close")} testId="scope-dialog">
        <div className="space-y-4">
          <section aria-label={t("currentLabel")}>
            {count === 0 ? (
              <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="scope-whole">
                {t("whole")}
              </p>
            ) : (
              <ul className="flex flex-wrap gap-1.5" data-testid="scope-items">
                {(described?.folders ?? []).map((folder) => (
                  <li key={folder.id}>
                    <ScopeChip
                      icon={<FolderIcon className="size-3.5" aria-hidden />}
                      label={folder.path}
                      removeLabel={t("removeNamed", { name: folder.path })}
                      onRemove={() => editor.remove({ kind: "folder", id: folder.id })}
                    />
                  </li>
                ))}
                {(described?.documents ?? []).map((document) => (
                  <li key={document.id}>
                    <ScopeChip
                      icon={<FileText className="size-3.5" aria-hidden />}
                      label={document.name}
                      removeLabel={t("removeNamed", { name: document.name })}
                      onRemove={() => editor.remove({ kind: "document", id: document.id })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <label className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t("searchLabel")}
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              data-testid="scope-search"
            />
          </label>
          <ul className="max-h-56 space-y-0.5 overflow-y-auto" aria-label={t("candidatesLabel")}>
            {candidates.folders.map((folder) => (
              <CandidateRow
                key={folder.id}
                icon={<FolderIcon className="size-4" aria-hidden />}
                label={folder.path}
                added={editor.has({ kind: "folder", id: folder.id })}
                addLabel={t("addNamed", { name: folder.path })}
                onAdd={() => editor.add({ kind: "folder", id: folder.id })}
              />
            ))}
            {candidates.documents.map((document) => (
              <CandidateRow
                key={document.id}
                icon={<FileText className="size-4" aria-hidden />}
                label={document.folderPath ? `${document.folderPath}/${document.name}` : document.name}
                added={editor.has({ kind: "document", id: document.id })}
                addLabel={t("addNamed", { name: document.name })}
                onAdd={() => editor.add({ kind: "document", id: document.id })}
              />
            ))}
          </ul>
          {count > 0 ? (
            <Button size="sm" onClick={editor.clear} disabled={editor.pending} data-testid="scope-clear">
              {t("useWhole")}
            </Button>
          ) : null}
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}

function ScopeChip({
  icon,
  label,
  removeLabel,
  onRemove,
}: {
  icon: React.ReactNode;
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <span
      className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
      data-testid="scope-chip"
    >
      {icon}
      <span className="truncate">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="rounded-full p-0.5 hover:bg-indigo-100 dark:hover:bg-indigo-900"
      >
        <X className="size-3" aria-hidden />
      </button>
    </span>
  );
}

function CandidateRow({
  icon,
  label,
  added,
  addLabel,
  onAdd,
}: {
  icon: React.ReactNode;
  label: string;
  added: boolean;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <li
      className="flex items-center gap-2 px-1 py-1 text-sm text-zinc-800 dark:text-zinc-200"
      data-testid="scope-candidate"
    >
      {icon}
      <span className="min-w-0 flex-1 truncate" title={label}>
        {label}
      </span>
      <Button size="sm" variant="ghost" onClick={onAdd} disabled={added} aria-label={addLabel}>
        <Plus className="size-4" aria-hidden />
      </Button>
    </li>
  );
}
