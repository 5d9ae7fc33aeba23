"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";

export const overlayClass = "fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[2px] dark:bg-black/60";
export const panelClass =
  "fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-6 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900";

/** The portal, overlay and panel of a Radix dialog, with its title, description and close button. */
export function DialogPanel({
  title,
  description,
  closeLabel,
  children,
  testId,
}: {
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={overlayClass} />
      <Dialog.Content
        className={panelClass}
        data-testid={testId}
        // Radix warns unless a dialog without a description says so explicitly.
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <Dialog.Title className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</Dialog.Title>
        {description ? (
          <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {description}
          </Dialog.Description>
        ) : null}
        <div className="mt-5">{children}</div>
        <Dialog.Close
          aria-label={closeLabel}
          className="absolute right-4 top-4 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          <X className="size-4" aria-hidden />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
