"use client";

import { Download, Eye, FolderInput, MessageSquarePlus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { FileIcon } from "@/components/files/file-icon";
import { Button, buttonClass } from "@/components/ui/button";
import { documentContentUrl, type ListedDocument } from "@/lib/client/api";
import { HighlightedText } from "./highlighted-text";
import { MissingContentBadge } from "./missing-content-badge";
import { ProvenanceBadge } from "./provenance-badge";
import { useDocumentMeta } from "./use-document-meta";
import { SHELF_DOCUMENT_DRAG_TYPE } from "./shelf-drag";

/** The fixed height the virtualiser lays rows out with; the row never grows past it. */
export const DOCUMENT_ROW_HEIGHT = 64;

export function DocumentRow({
  document,
  query,
  readOnly,
  onPreview,
  onAttach,
  onTrash,
  onMove,
}: {
  document: ListedDocument;
  /** The active search ("" for none): marked in the name, and its snippet replaces the details line. */
  query: string;
  readOnly: boolean;
  onPreview: () => void;
  onAttach: () => void;
  onTrash: () => void;
  onMove: () => void;
}) {
  const t = useTranslations("documents");
  const meta = useDocumentMeta()(document);
  const missing = document.contentMissing;
  return (
    <div
      className="flex items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800"
      style={{ height: DOCUMENT_ROW_HEIGHT }}
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
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          {/* Two lines before the cut, breaking anywhere: on a phone a name keeps more than a few characters. */}
          <p
            className="line-clamp-2 min-w-0 text-sm leading-5 font-medium text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100"
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
        {document.match?.offset != null ? (
          <p className="mt-0.5 truncate text-xs text-zinc-600 dark:text-zinc-300" data-testid="document-snippet">
            <HighlightedText text={document.match.snippet.replace(/\s+/g, " ")} query={query} />
          </p>
        ) : (
          <div className="mt-0.5 flex min-w-0 items-center gap-2 overflow-hidden whitespace-nowrap text-xs text-zinc-500 dark:text-zinc-400">
            <span data-testid="document-size">{meta.size}</span>
            <span aria-hidden>·</span>
            <span className="truncate">{t("modified", { date: meta.modified })}</span>
            {document.folderPath ? (
              <>
                <span aria-hidden>·</span>
                <span className="truncate" data-testid="document-folder">
                  {document.folderPath}
                </span>
              </>
            ) : null}
            {missing ? <MissingContentBadge /> : null}
          </div>
        )}
      </div>
      {/* A row whose stored file is gone can only be moved to trash: preview, download
          and attach would all fail with content_missing. */}
      {missing ? null : (
        <>
          <Button
            size="sm"
            variant="ghost"
            onClick={onPreview}
            aria-label={t("previewNamed", { name: document.name })}
            data-testid="document-preview"
          >
            <Eye className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t("preview")}</span>
          </Button>
          <a
            href={documentContentUrl(document, { download: true })}
            download={document.name}
            className={buttonClass({ variant: "ghost", size: "sm" })}
            aria-label={t("downloadNamed", { name: document.name })}
            data-testid="document-download"
          >
            <Download className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t("download")}</span>
          </a>
          {/* Attaching only copies the document out, so archived (read-only) shelves offer it too. */}
          <Button
            size="sm"
            variant="ghost"
            onClick={onAttach}
            aria-label={t("attachNamed", { name: document.name })}
            data-testid="document-attach"
          >
            <MessageSquarePlus className="size-4" aria-hidden />
            <span className="hidden lg:inline">{t("attach")}</span>
          </Button>
        </>
      )}
      {readOnly ? null : (
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
      )}
      {readOnly ? null : (
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
      )}
    </div>
  );
}
