"use client";

import { Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { FilePreviewDialog } from "@/components/files/file-preview-dialog";
import { fileRefPreview } from "@/components/files/file-ref";
import { PageDropZone } from "@/components/files/page-drop-zone";
import type { PreviewFile } from "@/components/files/preview-file";
import { Button, buttonClass } from "@/components/ui/button";
import { formatByteSize } from "@/lib/text/format-byte-size";
import type { Folder, Project, ProjectDocument, ShelfView } from "@/lib/client/api";
import { useDeleteFolder, useMoveDocument } from "@/lib/client/mutations";
import { useConfig, useProjectDocuments, useProjectFolders } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "sonner";
import { FolderBreadcrumbs } from "./folder-breadcrumbs";
import { FolderNameDialog, type FolderNaming } from "./folder-name-dialog";
import { FolderTree, type ShelfPlace } from "./folder-tree";
import { MoveToFolderDialog } from "./move-to-folder-dialog";
import { uploadManager } from "@/lib/client/upload-manager";
import { ArchivedShelfBanner } from "./archived-shelf-banner";
import { AttachToChatDialog } from "./attach-to-chat-dialog";
import { ConversationFiles, type ThreadFileRef } from "./conversation-files";
import { DocumentList } from "./document-list";
import { documentPreviewFile } from "./document-preview-file";
import { DocumentsEmptyState } from "./documents-empty-state";
import { SaveToProjectDialog } from "./save-to-project-dialog";
import { SearchIndexStatus } from "./search-index-status";
import { ShelfSelectionBar } from "./shelf-selection-bar";
import { ShelfToolbar } from "./shelf-toolbar";
import { TransferToProjectDialog, type Transfer } from "./transfer-to-project-dialog";
import { TrashDocumentDialog } from "./trash-document-dialog";
import { UploadButton } from "./upload-button";
import { useDebouncedValue } from "./use-debounced-value";
import { useDocumentMeta } from "./use-document-meta";

/**
 * The project's shelf, and below it the files of the project's chats. Archived projects are
 * read-only here exactly as on the server: preview, download and attach to chat stay;
 * upload (button and drop zone), trash and save to project go.
 */
export function DocumentsTab({ project }: { project: Project }) {
  const t = useTranslations("documents");
  const readOnly = project.status === "archived";
  const maxBytes = useConfig().data?.uploadMaxBytes ?? 0;
  // The workspace's upload manager carries the transfers: leaving this tab does not stop them.
  // A dropped or picked folder's files keep their paths: the server makes the folders.
  const addFiles = (files: File[], paths?: (string | null)[]) =>
    uploadManager.add({ kind: "shelf", projectId: project.id }, files, { maxBytes, paths });
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [place, setPlace] = useState<ShelfPlace>(undefined);
  const folders = useProjectFolders(project.id).data ?? [];
  const [naming, setNaming] = useState<FolderNaming | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<Folder | null>(null);
  const [moving, setMoving] = useState<ProjectDocument | null>(null);
  const deleteFolder = useDeleteFolder(project.id);
  const moveDocument = useMoveDocument(project.id);
  // A folder deleted (here or elsewhere) is no place to stay in.
  const shownPlace = place && place !== "root" && !folders.some((folder) => folder.id === place) ? undefined : place;
  const [search, setSearch] = useState("");
  const [sorting, setSorting] = useState<Pick<ShelfView, "sort" | "order">>({ sort: "updated", order: "desc" });
  const q = useDebouncedValue(search.trim(), 300);
  const view: ShelfView = { ...sorting, q, ...(shownPlace ? { folderId: shownPlace } : {}) };
  const query = useProjectDocuments(project.id, view);
  const meta = useDocumentMeta();
  const [previewing, setPreviewing] = useState<PreviewFile | null>(null);
  const [trashing, setTrashing] = useState<ProjectDocument | null>(null);
  const [attaching, setAttaching] = useState<ProjectDocument | null>(null);
  const [saving, setSaving] = useState<ThreadFileRef | null>(null);
  // Documents chosen for a copy or move to another project, kept by id with the row as it was listed.
  const [selected, setSelected] = useState<ReadonlyMap<string, ProjectDocument>>(new Map());
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const select = (document: ProjectDocument, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(document.id, document);
      else next.delete(document.id);
      return next;
    });

  const documents = query.data?.pages.flatMap((page) => page.documents) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function previewDocument(document: ProjectDocument) {
    const { size, modified } = meta(document);
    setPreviewing(documentPreviewFile(document, `${size} · ${t("modified", { date: modified })}`));
  }

  function previewThreadFile({ threadId, file }: ThreadFileRef) {
    setPreviewing(
      fileRefPreview(threadId, file, `${t("fileKind", { kind: file.kind })} · ${formatByteSize(file.sizeBytes)}`),
    );
  }

  return (
    <div className="space-y-4" data-testid="documents-tab">
      {readOnly ? <ArchivedShelfBanner /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <div className="flex items-center gap-3">
            <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t("title")}</h2>
            <Link
              href="/workspace/trash"
              className={buttonClass({ variant: "ghost", size: "sm", className: "h-7 px-2 text-xs" })}
              data-testid="documents-trash-link"
            >
              <Trash2 className="size-3.5" aria-hidden />
              {t("openTrash")}
            </Link>
          </div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="documents-count">
            {!query.isSuccess ? t("description") : q ? t("matchCount", { count: total }) : t("count", { count: total })}
          </p>
          <SearchIndexStatus projectId={project.id} />
        </div>
        {readOnly ? null : (
          <div className="flex flex-col items-end gap-1">
            <UploadButton onFiles={addFiles} />
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {t("uploadHint", { limit: formatByteSize(maxBytes) })}
            </p>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-4 sm:flex-row">
        <FolderTree
          folders={folders}
          place={shownPlace}
          readOnly={readOnly}
          onPlace={setPlace}
          onNewFolder={() =>
            setNaming({ kind: "create", parentId: shownPlace && shownPlace !== "root" ? shownPlace : null })
          }
          onRename={(folder) => setNaming({ kind: "rename", folder })}
          onDelete={setDeletingFolder}
          onTransfer={(folder, mode) => setTransfer({ mode, documents: [], folders: [folder] })}
          onDropDocument={(documentId, folderId) =>
            moveDocument.mutate(
              { documentId, folderId },
              {
                onSuccess: (moved) =>
                  toast.success(t("moved", { name: moved.name, folder: moved.folderPath ?? t("rootFolder") })),
                onError: (error) => toast.error(t("moveFailedPlain"), { description: errorMessage(error) }),
              },
            )
          }
        />
        <div className="min-w-0 flex-1 space-y-4">
          <FolderBreadcrumbs folders={folders} place={shownPlace} onPlace={setPlace} />
          <ShelfToolbar search={search} onSearch={setSearch} view={view} onSort={setSorting} />
          <ShelfSelectionBar
            count={selected.size}
            readOnly={readOnly}
            onTransfer={(mode) => setTransfer({ mode, documents: [...selected.values()], folders: [] })}
            onClear={() => setSelected(new Map())}
          />
          {query.isPending ? (
            <div className="h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" aria-label={t("loading")} />
          ) : query.isError ? (
            <div className="flex items-center gap-3 text-sm text-red-600 dark:text-red-400" role="alert">
              {t("loadFailed")}
              <Button size="sm" onClick={() => void query.refetch()}>
                {t("retry")}
              </Button>
            </div>
          ) : documents.length === 0 ? (
            q ? (
              <p className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400" data-testid="documents-no-match">
                {t("noMatch", { query: q })}
              </p>
            ) : (
              <DocumentsEmptyState readOnly={readOnly} />
            )
          ) : (
            <div
              className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
              aria-busy={query.isPlaceholderData}
            >
              <DocumentList
                documents={documents}
                query={q}
                readOnly={readOnly}
                onNearEnd={loadMore}
                onPreview={previewDocument}
                onAttach={setAttaching}
                onTrash={setTrashing}
                onMove={setMoving}
                selected={new Set(selected.keys())}
                onSelect={select}
              />
            </div>
          )}
          {isFetchingNextPage ? (
            <p
              className="text-center text-xs text-zinc-500 dark:text-zinc-400"
              role="status"
              data-testid="documents-loading-more"
            >
              {t("loadingMore", { shown: documents.length, total })}
            </p>
          ) : null}
        </div>
      </div>
      <ConversationFiles projectId={project.id} readOnly={readOnly} onPreview={previewThreadFile} onSave={setSaving} />
      <PageDropZone
        enabled={!readOnly}
        title={t("dropTitle")}
        hint={t("dropHint", { limit: formatByteSize(maxBytes) })}
        onFiles={addFiles}
      />
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} />
      <AttachToChatDialog document={attaching} onClose={() => setAttaching(null)} />
      <TransferToProjectDialog
        projectId={project.id}
        transfer={transfer}
        onClose={() => setTransfer(null)}
        onDone={() => setSelected(new Map())}
      />
      {readOnly ? null : (
        <>
          <TrashDocumentDialog projectId={project.id} document={trashing} onClose={() => setTrashing(null)} />
          <SaveToProjectDialog projectId={project.id} source={saving} onClose={() => setSaving(null)} />
          <FolderNameDialog projectId={project.id} naming={naming} onClose={() => setNaming(null)} />
          <MoveToFolderDialog
            projectId={project.id}
            folders={folders}
            document={moving}
            onClose={() => setMoving(null)}
            onTransfer={(document, mode) => {
              setMoving(null);
              setTransfer({ mode, documents: [document], folders: [] });
            }}
          />
          <ConfirmDialog
            open={deletingFolder !== null}
            onOpenChange={(open) => !open && !deleteFolder.isPending && setDeletingFolder(null)}
            title={t("deleteFolderTitle", { name: deletingFolder?.name ?? "" })}
            description={t("deleteFolderDescription")}
            confirmLabel={t("deleteFolder")}
            cancelLabel={tc("cancel")}
            pending={deleteFolder.isPending}
            destructive
            testId="delete-folder-dialog"
            onConfirm={() =>
              deletingFolder &&
              deleteFolder.mutate(deletingFolder.id, {
                onSuccess: () => setDeletingFolder(null),
                onError: (error) => toast.error(t("deleteFolderFailed"), { description: errorMessage(error) }),
              })
            }
          />
        </>
      )}
    </div>
  );
}
