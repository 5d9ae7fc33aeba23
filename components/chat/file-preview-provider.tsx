"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { createContext, useContext, useState, type ReactNode } from "react";
import { documentPreviewFile } from "@/components/documents/document-preview-file";
import type { Thread } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { fileRefPreview, type FileRef } from "@/components/files/file-ref";
import { FilePreviewDialog } from "@/components/files/file-preview-dialog";
import type { PreviewFile } from "@/components/files/preview-file";

type Range = [number, number];

interface FilePreviewContextValue {
  threadId: string;
  /** The project whose shelf this chat's documents are on, or null outside a project. */
  projectId: string | null;
  openPreview: (file: FileRef, highlight?: Range) => void;
  /** A shelf document of the chat's project, e.g. a source an answer drew on. */
  openDocument: (document: { id: string; name: string }, highlight?: Range, page?: number) => void;
}

const FilePreviewContext = createContext<FilePreviewContextValue | null>(null);

/**
 * One preview dialog for the whole conversation: file cards, attachment chips, sources and
 * the files panel all open it, so there is never more than one dialog or one fetch at a time.
 */
export function FilePreviewProvider({ threadId, children }: { threadId: string; children: ReactNode }) {
  const t = useTranslations("chat");
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const projectId = queryClient.getQueryData<Thread>(queryKeys.thread(threadId))?.projectId ?? null;

  function openPreview(file: FileRef, highlight?: Range) {
    const subtitle = [
      file.kind === "output" ? t("fileKindOutput") : t("fileKindUpload"),
      file.sizeBytes !== undefined ? formatByteSize(file.sizeBytes) : null,
    ]
      .filter(Boolean)
      .join(" · ");
    setPreview({ ...fileRefPreview(threadId, file, subtitle), highlight });
  }

  function openDocument(document: { id: string; name: string }, highlight?: Range, page?: number) {
    if (!projectId) return;
    setPreview({ ...documentPreviewFile({ ...document, projectId }, t("fileKindDocument")), highlight, page });
  }

  return (
    <FilePreviewContext.Provider value={{ threadId, projectId, openPreview, openDocument }}>
      {children}
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </FilePreviewContext.Provider>
  );
}

export function useFilePreview(): FilePreviewContextValue {
  const value = useContext(FilePreviewContext);
  if (!value) throw new Error("useFilePreview must be used inside FilePreviewProvider");
  return value;
}
