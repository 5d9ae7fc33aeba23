"use client";

import { Folder as FolderIcon, FolderOpen, FolderPlus, Layers, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import type { Folder } from "@/lib/client/api";
import { FolderTransferMenu } from "./folder-transfer-menu";
import { dragHasShelfDocument, folderDepth, SHELF_DOCUMENT_DRAG_TYPE } from "./shelf-drag";

/** Which part of the shelf the list shows: the whole shelf (undefined), the root ("root") or one folder. */
export type ShelfPlace = string | undefined;

/**
 * The shelf's folders as an indented list beside the documents: choosing one lists its own
 * documents. A document dragged from the list onto a folder (or the root) moves there. Every
 * entry is a button, so the tree is keyboard operable; the selected one is `aria-current`.
 */
export function FolderTree({
  folders,
  place,
  readOnly,
  onPlace,
  onNewFolder,
  onRename,
  onDelete,
  onDropDocument,
  onTransfer,
}: {
  folders: Folder[];
  place: ShelfPlace;
  readOnly: boolean;
  onPlace: (place: ShelfPlace) => void;
  onNewFolder: () => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
  onDropDocument: (documentId: string, folderId: string | null) => void;
  /** Copy or move the folder, with everything below it, to another project. */
  onTransfer: (folder: Folder, mode: "copy" | "move") => void;
}) {
  const t = useTranslations("documents");
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const dropProps = (key: string, folderId: string | null) =>
    readOnly
      ? {}
      : {
          onDragOver: (event: DragEvent) => {
            if (!dragHasShelfDocument(event)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            setDropTarget(key);
          },
          onDragLeave: () => setDropTarget((current) => (current === key ? null : current)),
          onDrop: (event: DragEvent) => {
            const id = event.dataTransfer.getData(SHELF_DOCUMENT_DRAG_TYPE);
            setDropTarget(null);
            if (!id) return;
            event.preventDefault();
            onDropDocument(id, folderId);
          },
        };
  const entryClass = (selected: boolean, key: string) =>
    `flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm ${
      selected
        ? "bg-indigo-50 font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
        : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
    } ${dropTarget === key ? "ring-2 ring-indigo-400" : ""}`;
  const selectedFolder = folders.find((folder) => folder.id === place);

  return (
    <nav aria-label={t("foldersLabel")} className="w-full space-y-2 sm:w-56 sm:shrink-0" data-testid="folder-tree">
      <ul className="space-y-0.5">
        <li>
          <button
            type="button"
            className={entryClass(place === undefined, "all")}
            aria-current={place === undefined ? "page" : undefined}
            onClick={() => onPlace(undefined)}
            data-testid="folder-all"
          >
            <Layers className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{t("allDocuments")}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className={entryClass(place === "root", "root")}
            aria-current={place === "root" ? "page" : undefined}
            onClick={() => onPlace("root")}
            data-testid="folder-root"
            {...dropProps("root", null)}
          >
            <FolderOpen className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{t("rootFolder")}</span>
          </button>
        </li>
        {folders.map((folder) => (
          <li key={folder.id} style={{ paddingLeft: `${(folderDepth(folder.path) - 1) * 0.75}rem` }}>
            <button
              type="button"
              className={entryClass(place === folder.id, folder.id)}
              aria-current={place === folder.id ? "page" : undefined}
              onClick={() => onPlace(folder.id)}
              title={folder.path}
              data-testid="folder-entry"
              data-path={folder.path}
              {...dropProps(folder.id, folder.id)}
            >
              <FolderIcon className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{folder.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" onClick={onNewFolder} data-testid="folder-new">
            <FolderPlus className="size-4" aria-hidden />
            {t("newFolder")}
          </Button>
          {selectedFolder ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onRename(selectedFolder)}
                aria-label={t("renameFolderNamed", { name: selectedFolder.name })}
                data-testid="folder-rename"
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onDelete(selectedFolder)}
                aria-label={t("deleteFolderNamed", { name: selectedFolder.name })}
                className="hover:text-red-600 dark:hover:text-red-400"
                data-testid="folder-delete"
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
              <FolderTransferMenu
                folder={selectedFolder}
                readOnly={false}
                onTransfer={(mode) => onTransfer(selectedFolder, mode)}
              />
            </>
          ) : null}
        </div>
      )}
      {readOnly && selectedFolder ? (
        <FolderTransferMenu folder={selectedFolder} readOnly onTransfer={(mode) => onTransfer(selectedFolder, mode)} />
      ) : null}
    </nav>
  );
}
