"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import type { FileRef } from "./file-ref";
import { FilePreviewDialog } from "./file-preview-dialog";

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
  const [file, setFile] = useState<FileRef | null>(null);
  return (
    <FilePreviewContext.Provider value={{ threadId, openPreview: setFile }}>
      {children}
      <FilePreviewDialog threadId={threadId} file={file} onClose={() => setFile(null)} />
    </FilePreviewContext.Provider>
  );
}

export function useFilePreview(): FilePreviewContextValue {
  const value = useContext(FilePreviewContext);
  if (!value) throw new Error("useFilePreview must be used inside FilePreviewProvider");
  return value;
}
