"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { overlayClass } from "@/components/ui/dialog";

export interface LightboxImage {
  src: string;
  name: string;
  width?: number;
  height?: number;
}

/**
 * One image at full size over the page. A Radix dialog: focus moves into it and back to the
 * thumbnail that opened it, Escape or the close button ends it, and the page behind is inert
 * meanwhile.
 */
export function ImageLightbox({
  image,
  opener,
  onClose,
}: {
  image: LightboxImage | null;
  /** Where focus goes back to on close; kept by the parent past `image`, which closing clears. */
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const t = useTranslations("chat");
  return (
    <Dialog.Root open={image !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {image ? (
        <Dialog.Portal>
          <Dialog.Overlay className={overlayClass} />
          <Dialog.Content
            className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
            data-testid="image-lightbox"
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              if (!opener) return;
              event.preventDefault();
              opener.focus();
            }}
          >
            <div className="flex items-center gap-3 pr-8">
              <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">
                {image.name}
              </Dialog.Title>
              {image.width && image.height ? (
                <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                  {t("imageSize", { width: image.width, height: image.height })}
                </span>
              ) : null}
            </div>
            {/* eslint-disable-next-line @next/next/no-img-element -- a stored upload, served by the API, not a static asset */}
            <img
              src={image.src}
              alt={image.name}
              className="mx-auto max-h-[calc(100vh-8rem)] max-w-full rounded-lg object-contain"
              data-testid="image-lightbox-image"
            />
            <Dialog.Close
              aria-label={t("closeImage")}
              className="absolute right-3 top-3 rounded-md p-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              data-testid="image-lightbox-close"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}
