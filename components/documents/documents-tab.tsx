"use client";

import { Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FilePreviewDialog } from "@/components/files/file-preview-dialog";
import { fileRefPreview } from "@/components/files/file-ref";
import { PageDropZone } from "@/components/files/page-drop-zone";
import type { PreviewFile } from "@/components/files/preview-file";
import { Button, buttonClass } from "@/components/ui/button";
import { formatByteSize } from "@/lib/text/format-byte-size";
import type { Project, ProjectDocument } from "@/lib/client/api";
import { useConfig, useProjectDocuments } from "@/lib/client/queries";
import { ArchivedShelfBanner } from "./archived-shelf-banner";
import { AttachToChatDialog } from "./attach-to-chat-dialog";
import { ConversationFiles, type ThreadFileRef } from "./conversation-files";
import { DocumentList } from "./document-list";
import { documentPreviewFile } from "./document-preview-file";
import { DocumentsEmptyState } from "./documents-empty-state";
import { SaveToProjectDialog } from "./save-to-project-dialog";
import { ShelfUploadList } from "./shelf-upload-list";
import { TrashDocumentDialog } from "./trash-document-dialog";
import { UploadButton } from "./upload-button";
import { useDocumentMeta } from "./use-document-meta";
import { useShelfUploads } from "./use-shelf-uploads";

/**
 * The project's shelf, and below it the files of the project's chats. Archived projects are
 * read-only here exactly as on the server: preview, download and attach to chat stay;
 * upload (button and drop zone), trash and save to project go.
 */
export function DocumentsTab({ project }: { project: Project }) {
  const t = useTranslations("documents");
  const readOnly = project.status === "archived";
  const maxBytes = useConfig().data?.uploadMaxBytes ?? 0;
  const uploads = useShelfUploads({ projectId: project.id, maxBytes });
  const query = useProjectDocuments(project.id);
  const meta = useDocumentMeta();
  const [previewing, setPreviewing] = useState<PreviewFile | null>(null);
  const [trashing, setTrashing] = useState<ProjectDocument | null>(null);
  const [attaching, setAttaching] = useState<ProjectDocument | null>(null);
  const [saving, setSaving] = useState<ThreadFileRef | null>(null);

  const documents = query.data?.pages.flatMap((page) => page.documents) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  function previewDocument(document: ProjectDocument) {
    const { size, modified } = meta(document);
    setPreviewing(documentPreviewFile(document, `${size} · ${t("modified", { date: modified })}`));
  }

  function previewThreadFile({ threadId, file }: ThreadFileRef) {
    setPreviewing(fileRefPreview(threadId, file, `${t("fileKind", { kind: file.kind })} · ${formatByteSize(file.sizeBytes)}`));
  }

  return (
    <div className="space-y-4" data-testid="documents-tab">
      {readOnly ? <ArchivedShelfBanner /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <div className="flex items-center gap-3">
            <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t("title")}</h2>
            <Link href="/workspace/trash" className={buttonClass({ variant: "ghost", size: "sm", className: "h-7 px-2 text-xs" })} data-testid="documents-trash-link">
              <Trash2 className="size-3.5" aria-hidden />
              {t("openTrash")}
            </Link>
          </div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="documents-count">
            {query.isSuccess ? t("count", { count: total }) : t("description")}
          </p>
        </div>
        {readOnly ? null : (
          <div className="flex flex-col items-end gap-1">
            <UploadButton onFiles={uploads.add} />
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("uploadHint", { limit: formatByteSize(maxBytes) })}</p>
          </div>
        )}
      </div>
      <ShelfUploadList uploads={uploads} maxBytes={maxBytes} />
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
        <DocumentsEmptyState readOnly={readOnly} />
      ) : (
        <DocumentList documents={documents} readOnly={readOnly} onPreview={previewDocument} onAttach={setAttaching} onTrash={setTrashing} />
      )}
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="documents-load-more">
          {t("loadMore", { shown: documents.length, total })}
        </Button>
      ) : null}
      <ConversationFiles projectId={project.id} readOnly={readOnly} onPreview={previewThreadFile} onSave={setSaving} />
      <PageDropZone
        enabled={!readOnly}
        title={t("dropTitle")}
        hint={t("dropHint", { limit: formatByteSize(maxBytes) })}
        onFiles={uploads.add}
      />
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} />
      <AttachToChatDialog document={attaching} onClose={() => setAttaching(null)} />
      {readOnly ? null : (
        <>
          <TrashDocumentDialog projectId={project.id} document={trashing} onClose={() => setTrashing(null)} />
          <SaveToProjectDialog projectId={project.id} source={saving} onClose={() => setSaving(null)} />
        </>
      )}
    </div>
  );
}
