"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Download, Eye, FolderInput, MessageSquarePlus, MoreHorizontal, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { FileIcon } from "@/components/files/file-icon";
import { Button, buttonClass } from "@/components/ui/button";
import { menuContentClass, menuItemClass, menuSeparatorClass } from "@/components/ui/menu";
import { documentContentUrl, type ListedDocument } from "@/lib/client/api";
import { splitHighlights } from "@/lib/text/split-highlights";
import { HighlightedText } from "./highlighted-text";
import { MissingContentBadge } from "./missing-content-badge";
import { ProvenanceBadge } from "./provenance-badge";
import { useDocumentMeta } from "./use-document-meta";
import { SHELF_DOCUMENT_DRAG_TYPE } from "./shelf-drag";

/** What the virtualiser assumes before it measures a row (rows grow with a long name, folder or snippet). */
export const DOCUMENT_ROW_ESTIMATE = 64;

interface RowActions {
  onPreview: () => void;
  onAttach: () => void;
  onTrash: () => void;
  onMove: () => void;
}

const markClass = "rounded-sm bg-amber-200 px-0.5 text-zinc-900 dark:bg-amber-300";

/** A search hit's snippet: plain text from the server, its matched words (its own ranges) marked. */
function Snippet({ text, highlights }: { text: string; highlights: [number, number][] }) {
  return (
    <p
      className="mt-1 line-clamp-2 text-xs leading-5 break-words text-zinc-600 dark:text-zinc-300"
      data-testid="document-snippet"
    >
      {splitHighlights(text, highlights).map((part, index) =>
        part.marked ? (
          <mark key={index} className={markClass}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/**
 * One shelf row: the name has the room (up to two lines, whole in its tooltip), size, date and
 * folder below it, a search's snippet below those. The actions are icon buttons named for
 * screen readers where the list is wide (a container query: the list, not the window, decides),
 * and one "Actions" menu where it is narrow, as on a phone.
 */
export function DocumentRow({
  document,
  query,
  readOnly,
  ...actions
}: {
  document: ListedDocument;
  /** The active search ("" for none): marked in the name; the snippet carries its own marks. */
  query: string;
  readOnly: boolean;
} & RowActions) {
  const t = useTranslations("documents");
  const meta = useDocumentMeta()(document);
  const missing = document.contentMissing;
  const snippet = document.match?.offset != null ? document.match : null;
  return (
    <div
      className="flex min-h-16 items-center gap-3 px-4 py-2"
      data-testid="document-row"
      data-name={document.name}
      // Dragged onto a folder of the tree, the document moves there ("Move to…" is the keyboard's way).
      draggable={!readOnly}
      onDragStart={(event) => {
        event.dataTransfer.setData(SHELF_DOCUMENT_DRAG_TYPE, document.id);
        event.dataTransfer.effectAllowed = "move";
      }}
    >
      <FileIcon filename={document.name} />
      <div className="min-w-0 flex-1" data-testid="document-name-cell">
        <div className="flex min-w-0 items-center gap-2">
          {/* Two lines before the cut, broken between words where it can; the tooltip has it whole. */}
          <p
            className="line-clamp-2 min-w-0 text-sm leading-5 font-medium break-words text-zinc-900 dark:text-zinc-100"
            title={document.name}
            data-testid="document-name"
          >
            <HighlightedText text={document.name} query={query} />
          </p>
          {document.sourceKind ? (
            <ProvenanceBadge
              threadId={document.sourceThreadId}
              kind={document.sourceKind}
              sourceName={document.sourceName}
            />
          ) : null}
        </div>
        {/* Wraps rather than cuts: the date and the folder path are read whole. */}
        <div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-2 text-xs leading-5 text-zinc-500 dark:text-zinc-400">
          <span className="whitespace-nowrap" data-testid="document-size">
            {meta.size}
          </span>
          <span aria-hidden>·</span>
          <span data-testid="document-modified">{t("modified", { date: meta.modified })}</span>
          {document.folderPath ? (
            <>
              <span aria-hidden>·</span>
              <span className="min-w-0 break-words" data-testid="document-folder">
                {document.folderPath}
              </span>
            </>
          ) : null}
          {missing ? <MissingContentBadge /> : null}
        </div>
        {snippet ? <Snippet text={snippet.snippet} highlights={snippet.highlights} /> : null}
      </div>
      <RowButtons document={document} readOnly={readOnly} {...actions} />
      <RowMenu document={document} readOnly={readOnly} {...actions} />
    </div>
  );
}

/** The wide list's icon buttons. A row whose stored file is gone can only be moved or trashed. */
function RowButtons({ document, readOnly, onPreview, onAttach, onTrash, onMove }: RowActions & RowProps) {
  const t = useTranslations("documents");
  const missing = document.contentMissing;
  return (
    <div className="hidden shrink-0 items-center gap-0.5 @xl:flex">
      {missing ? null : (
        <>
          <Button
            size="icon"
            variant="ghost"
            onClick={onPreview}
            aria-label={t("previewNamed", { name: document.name })}
            title={t("preview")}
            data-testid="document-preview"
          >
            <Eye className="size-4" aria-hidden />
          </Button>
          <a
            href={documentContentUrl(document, { download: true })}
            download={document.name}
            className={buttonClass({ variant: "ghost", size: "icon" })}
            aria-label={t("downloadNamed", { name: document.name })}
            title={t("download")}
            data-testid="document-download"
          >
            <Download className="size-4" aria-hidden />
          </a>
          {/* Attaching only copies the document out, so archived (read-only) shelves offer it too. */}
          <Button
            size="icon"
            variant="ghost"
            onClick={onAttach}
            aria-label={t("attachNamed", { name: document.name })}
            title={t("attach")}
            data-testid="document-attach"
          >
            <MessageSquarePlus className="size-4" aria-hidden />
          </Button>
        </>
      )}
      {readOnly ? null : (
        <>
          <Button
            size="icon"
            variant="ghost"
            onClick={onMove}
            aria-label={t("moveNamed", { name: document.name })}
            title={t("moveTo")}
            data-testid="document-move"
          >
            <FolderInput className="size-4" aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            onClick={onTrash}
            aria-label={t("trashNamed", { name: document.name })}
            title={t("trash")}
            className="hover:text-red-600 dark:hover:text-red-400"
            data-testid="document-trash"
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </>
      )}
    </div>
  );
}

interface RowProps {
  document: ListedDocument;
  readOnly: boolean;
}

/** The narrow list's one menu with the same actions, so the name keeps the row's width. */
function RowMenu({ document, readOnly, onPreview, onAttach, onTrash, onMove }: RowActions & RowProps) {
  const t = useTranslations("documents");
  const missing = document.contentMissing;
  // An archived shelf's row with a missing file has nothing to offer.
  if (missing && readOnly) return null;
  return (
    <div className="shrink-0 @xl:hidden">
      {/* Not modal: a dialog opened from an item (preview, move, trash) gets the focus, not the menu. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button
            size="icon"
            variant="ghost"
            aria-label={t("actionsNamed", { name: document.name })}
            data-testid="document-actions"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass} data-testid="document-menu">
            {missing ? null : (
              <>
                <DropdownMenu.Item className={menuItemClass} onSelect={onPreview}>
                  <Eye className="size-4" aria-hidden />
                  {t("preview")}
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItemClass} asChild>
                  <a href={documentContentUrl(document, { download: true })} download={document.name}>
                    <Download className="size-4" aria-hidden />
                    {t("download")}
                  </a>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItemClass} onSelect={onAttach}>
                  <MessageSquarePlus className="size-4" aria-hidden />
                  {t("attach")}
                </DropdownMenu.Item>
              </>
            )}
            {readOnly ? null : (
              <>
                <DropdownMenu.Item className={menuItemClass} onSelect={onMove}>
                  <FolderInput className="size-4" aria-hidden />
                  {t("moveTo")}
                </DropdownMenu.Item>
                {missing ? null : <DropdownMenu.Separator className={menuSeparatorClass} />}
                <DropdownMenu.Item className={`${menuItemClass} text-red-700 dark:text-red-400`} onSelect={onTrash}>
                  <Trash2 className="size-4" aria-hidden />
                  {t("trash")}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
