"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { overlayClass } from "@/components/ui/dialog";

/**
 * Below the md breakpoint the sidebar does not fit beside the page, so it opens as a drawer
 * from a top bar instead. Following a link in it closes it.
 */
export function MobileNav({ sidebar }: { sidebar: ReactNode }) {
  const t = useTranslations("workspace");
  const tc = useTranslations("common");
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (pathname !== openedAt) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 px-3 md:hidden dark:border-zinc-800">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("openNavigation")} data-testid="mobile-nav-open">
            <Menu className="size-5" aria-hidden />
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className={overlayClass} />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] shadow-2xl"
          >
            <Dialog.Title className="sr-only">{t("sidebarLabel")}</Dialog.Title>
            <div className="flex min-w-0 flex-1 [&>aside]:w-full">{sidebar}</div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={tc("close")} className="absolute right-2 top-3">
                <X className="size-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <span className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{tc("appName")}</span>
    </div>
  );
}
