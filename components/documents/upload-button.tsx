"use client";

import { FolderUp, Upload } from "lucide-react";
import { pickedFolderFiles } from "@/components/files/dropped-files";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * Picks one or more files, or a whole folder (each file with its path inside it); the hidden
 * inputs are reset so picking the same file again still fires.
 */
export function UploadButton({ onFiles }: { onFiles: (files: File[], paths?: (string | null)[]) => void }) {
  const t = useTranslations("documents");
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <div className="flex gap-2">
        <Button onClick={() => folderInput.current?.click()} data-testid="documents-upload-folder">
          <FolderUp className="size-4" aria-hidden />
          {t("uploadFolder")}
        </Button>
        <Button variant="primary" onClick={() => input.current?.click()} data-testid="documents-upload">
          <Upload className="size-4" aria-hidden />
          {t("upload")}
        </Button>
      </div>
      <input
        ref={folderInput}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden
        data-testid="documents-folder-input"
        webkitdirectory=""
        onChange={(event) => {
          if (!event.target.files) return;
          const { files, paths } = pickedFolderFiles(event.target.files);
          event.target.value = "";
          if (files.length > 0) onFiles(files, paths);
        }}
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden
        data-testid="documents-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
