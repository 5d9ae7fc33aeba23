"use client";

import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { Button } from "@/components/ui/button";

/** Picks one or more files; the hidden input is reset so picking the same file again still fires. */
export function UploadButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const t = useTranslations("documents");
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="primary" onClick={() => input.current?.click()} data-testid="documents-upload">
        <Upload className="size-4" aria-hidden />
        {t("upload")}
      </Button>
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
