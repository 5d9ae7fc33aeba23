"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, useState, type ReactNode } from "react";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { fileRefPreview, type FileRef } from "@/components/files/file-ref";
import { FilePreviewDialog } from "@/components/files/file-preview-dialog";
import type { PreviewFile } from "@/components/files/preview-file";

interface FilePreviewContextValue {
  threadId: string;
  openPreview: (file: FileRef) => void;
}

const FilePreviewContext = createContext<FilePreviewContextValue | null>(null);

/**
 * One preview dialog for the whole conversation: file cards, attachment chips and the files
 * panel all open it, so there is never more than one dialog or one fetch at a time.
 */
export function FilePreviewProvider({ threadId, children }: { threadId: string; children: ReactNode }) {
  const t = useTranslations("chat");
  const [file, setFile] = useState<FileRef | null>(null);
  const preview: PreviewFile | null = file
    ? fileRefPreview(
        threadId,
        file,
        [file.kind === "output" ? t("fileKindOutput") : t("fileKindUpload"), file.sizeBytes !== undefined ? formatByteSize(file.sizeBytes) : null]
          .filter(Boolean)
          .join(" · "),
      )
    : null;
  return (
    <FilePreviewContext.Provider value={{ threadId, openPreview: setFile }}>
      {children}
      <FilePreviewDialog file={preview} onClose={() => setFile(null)} />
    </FilePreviewContext.Provider>
  );
}

export function useFilePreview(): FilePreviewContextValue {
  const value = useContext(FilePreviewContext);
  if (!value) throw new Error("useFilePreview must be used inside FilePreviewProvider");
  return value;
}
