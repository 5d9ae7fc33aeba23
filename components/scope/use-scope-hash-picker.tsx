"use client";

import { FileText, Folder as FolderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { useScopeCandidates } from "./use-scope-candidates";
import { useScopeEditor, type ScopeItem } from "./use-scope-editor";

// `#` at the end of the draft, then what follows it: the search the picker runs.
const HASH_QUERY = /(^|\s)#([^\s#]*)$/;

export interface HashPicker {
  /** The list above the composer, or null when no `#` is being typed. */
  popup: ReactNode;
  /** The textarea's keys while the list is open (arrows, Enter, Escape); true when taken. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The listbox's id for the textarea's aria-controls, while open. */
  listId: string | null;
}

/**
 * The composer's `#` picker: typing `#` and a few letters searches the shelf's folders and
 * documents; choosing one adds it to the chat's scope and takes the `#…` out of the draft.
 * Arrow keys move through the choices, Enter takes one, Escape closes the list.
 */
export function useScopeHashPicker({
  threadId,
  projectId,
  draft,
  onDraftChange,
}: {
  threadId: string;
  projectId: string | null;
  draft: string;
  onDraftChange: (draft: string) => void;
}): HashPicker {
  const t = useTranslations("scope");
  const listId = useId();
  const match = projectId ? HASH_QUERY.exec(draft) : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = match !== null && dismissed !== draft;
  const candidates = useScopeCandidates(open ? projectId : null, match?.[2] ?? "");
  const editor = useScopeEditor(threadId);
  const options: { item: ScopeItem; label: string; icon: ReactNode }[] = [
    ...candidates.folders.map((folder) => ({
      item: { kind: "folder" as const, id: folder.id },
      label: folder.path,
      icon: <FolderIcon className="size-4" aria-hidden />,
    })),
    ...candidates.documents.map((document) => ({
      item: { kind: "document" as const, id: document.id },
      label: document.folderPath ? `${document.folderPath}/${document.name}` : document.name,
      icon: <FileText className="size-4" aria-hidden />,
    })),
  ];
  const current = Math.min(active, Math.max(0, options.length - 1));

  function choose(index: number) {
    const option = options[index];
    if (!option || !match) return;
    editor.add(option.item);
    onDraftChange(draft.slice(0, draft.length - match[0].length) + match[1]);
    setActive(0);
  }

  return {
    listId: open ? listId : null,
    onKeyDown: (event) => {
      if (!open || options.length === 0) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setActive((current + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
        return true;
      }
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        choose(current);
        return true;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissed(draft);
        return true;
      }
      return false;
    },
    popup: open ? (
      <div
        className="mx-2 mb-1 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        data-testid="scope-hash-picker"
      >
        <p className="px-2 py-1 text-xs text-zinc-600 dark:text-zinc-400">{t("hashHint")}</p>
        {options.length === 0 ? (
          <p className="px-2 py-1 text-sm text-zinc-700 dark:text-zinc-300">{t("hashNone")}</p>
        ) : (
          <ul id={listId} role="listbox" aria-label={t("candidatesLabel")}>
            {options.map((option, index) => (
              <li
                key={`${option.item.kind}-${option.item.id}`}
                role="option"
                aria-selected={index === current}
                className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
                  index === current
                    ? "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
                    : "text-zinc-800 dark:text-zinc-200"
                }`}
                onMouseDown={(event) => {
                  // Keeps the focus in the textarea.
                  event.preventDefault();
                  choose(index);
                }}
                data-testid="scope-hash-option"
              >
                {option.icon}
                <span className="truncate">{option.label}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    ) : null,
  };
}
