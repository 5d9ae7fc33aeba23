"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { AttachedFile } from "@/lib/thread-messages/thread-message";
import { threadArtifactUrl, threadUploadThumbnailUrl } from "@/lib/client/api";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { FileIcon } from "@/components/files/file-icon";
import { ImageLightbox } from "@/components/files/image-lightbox";
import { useFilePreview } from "./file-preview-provider";

/** The files a user attached to a message: images as thumbnails opening a lightbox, others opening their preview. */
export function MessageAttachments({ files }: { files: AttachedFile[] }) {
  const t = useTranslations("chat");
  const { threadId, openPreview } = useFilePreview();
  const [open, setOpen] = useState<AttachedFile | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const images = files.filter((file) => file.image);
  const others = files.filter((file) => !file.image);
  return (
    <>
      {images.length ? (
        <ul className="flex flex-wrap justify-end gap-1.5" aria-label={t("attachedImages")}>
          {images.map((file) => (
            <li key={file.filename}>
              <button
                type="button"
                onClick={(event) => {
                  setOpener(event.currentTarget);
                  setOpen(file);
                }}
                className="block overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 shadow-xs hover:border-indigo-400 dark:border-zinc-700 dark:bg-zinc-800"
                aria-label={t("openImageNamed", { name: file.filename })}
                data-testid="message-image"
                data-filename={file.filename}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a stored upload's thumbnail, served by the API */}
                <img
                  src={threadUploadThumbnailUrl(threadId, file.filename)}
                  alt=""
                  width={file.image!.width}
                  height={file.image!.height}
                  className="h-32 w-auto max-w-64 object-cover"
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {others.length ? (
        <ul className="flex flex-wrap justify-end gap-1.5" aria-label={t("attachedFiles")}>
          {others.map((file) => (
            <li key={file.filename}>
              <button
                type="button"
                onClick={() => openPreview({ kind: "upload", filename: file.filename, sizeBytes: file.sizeBytes })}
                className="flex max-w-64 items-center gap-2 rounded-lg border border-zinc-200 bg-white px-2.5 py-1.5 text-left text-xs shadow-xs hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-zinc-600 dark:hover:bg-zinc-800"
                aria-label={t("previewNamed", { name: file.filename })}
                data-testid="message-attachment"
                data-filename={file.filename}
              >
                <FileIcon filename={file.filename} />
                <span className="truncate font-medium text-zinc-800 dark:text-zinc-200">{file.filename}</span>
                <span className="shrink-0 text-zinc-500 dark:text-zinc-400">{formatByteSize(file.sizeBytes)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ImageLightbox
        image={
          open
            ? {
                src: threadArtifactUrl(threadId, "upload", open.filename),
                name: open.filename,
                width: open.image?.width,
                height: open.image?.height,
              }
            : null
        }
        opener={opener}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
