"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FilePreviewDialog } from "@/components/chat/file-preview-dialog";
import { PageDropZone } from "@/components/chat/page-drop-zone";
import { Button } from "@/components/ui/button";
import { formatByteSize } from "@/lib/chat/format-byte-size";
import type { Project, ProjectDocument } from "@/lib/client/api";
import { useConfig, useProjectDocuments } from "@/lib/client/queries";
import { ArchivedShelfBanner } from "./archived-shelf-banner";
import { DocumentList } from "./document-list";
import { documentPreviewFile } from "./document-preview-file";
import { DocumentsEmptyState } from "./documents-empty-state";
import { ShelfUploadList } from "./shelf-upload-list";
import { TrashDocumentDialog } from "./trash-document-dialog";
import { UploadButton } from "./upload-button";
import { useDocumentMeta } from "./use-document-meta";
import { useShelfUploads } from "./use-shelf-uploads";

/**
 * The project's shelf. Archived projects are read-only here exactly as on the server:
 * preview and download stay, upload (button and drop zone) and trash go.
 */
export function DocumentsTab({ project }: { project: Project }) {
  const t = useTranslations("documents");
  const readOnly = project.status === "archived";
  const maxBytes = useConfig().data?.uploadMaxBytes ?? 0;
  const uploads = useShelfUploads({ projectId: project.id, maxBytes });
  const query = useProjectDocuments(project.id);
  const meta = useDocumentMeta();
  const [previewing, setPreviewing] = useState<ProjectDocument | null>(null);
  const [trashing, setTrashing] = useState<ProjectDocument | null>(null);

  const documents = query.data?.pages.flatMap((page) => page.documents) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const previewMeta = previewing ? meta(previewing) : null;

  return (
    <div className="space-y-4" data-testid="documents-tab">
      {readOnly ? <ArchivedShelfBanner /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t("title")}</h2>
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
        <DocumentList documents={documents} readOnly={readOnly} onPreview={setPreviewing} onTrash={setTrashing} />
      )}
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="documents-load-more">
          {t("loadMore", { shown: documents.length, total })}
        </Button>
      ) : null}
      <PageDropZone
        enabled={!readOnly}
        title={t("dropTitle")}
        hint={t("dropHint", { limit: formatByteSize(maxBytes) })}
        onFiles={uploads.add}
      />
      <FilePreviewDialog
        file={previewing && previewMeta ? documentPreviewFile(previewing, `${previewMeta.size} · ${t("modified", { date: previewMeta.modified })}`) : null}
        onClose={() => setPreviewing(null)}
      />
      {readOnly ? null : <TrashDocumentDialog projectId={project.id} document={trashing} onClose={() => setTrashing(null)} />}
    </div>
  );
}
