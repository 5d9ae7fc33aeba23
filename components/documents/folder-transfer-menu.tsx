"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Copy, FolderInput, FolderOutput } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { menuContentClass, menuItemClass } from "@/components/ui/menu";
import type { Folder } from "@/lib/client/api";

/** The selected folder's way to another project: copied or moved with everything below it. */
export function FolderTransferMenu({
  folder,
  readOnly,
  onTransfer,
}: {
  folder: Folder;
  readOnly: boolean;
  onTransfer: (mode: "copy" | "move") => void;
}) {
  const t = useTranslations("documents");
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t("folderToProjectNamed", { name: folder.name })}
          data-testid="folder-transfer"
        >
          <FolderOutput className="size-4" aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className={menuContentClass}
          data-testid="folder-transfer-menu"
        >
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onTransfer("copy")} data-testid="folder-copy">
            <Copy className="size-4 shrink-0 text-zinc-500" aria-hidden />
            {t("copyToProject")}
          </DropdownMenu.Item>
          {readOnly ? null : (
            <DropdownMenu.Item className={menuItemClass} onSelect={() => onTransfer("move")} data-testid="folder-move">
              <FolderInput className="size-4 shrink-0 text-zinc-500" aria-hidden />
              {t("moveToProject")}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
