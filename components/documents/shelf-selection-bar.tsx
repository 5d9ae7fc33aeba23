"use client";

import { Copy, FolderInput, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * Shown while documents are selected on the shelf: how many, and what can be done with them
 * together. Moving needs a shelf that is not archived; copying only reads it.
 */
export function ShelfSelectionBar({
  count,
  readOnly,
  onTransfer,
  onClear,
}: {
  count: number;
  readOnly: boolean;
  onTransfer: (mode: "copy" | "move") => void;
  onClear: () => void;
}) {
  const t = useTranslations("documents");
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label={t("selectionLabel")}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm dark:border-indigo-900 dark:bg-indigo-950/50"
      data-testid="shelf-selection-bar"
    >
      <span className="font-medium text-indigo-900 dark:text-indigo-100" aria-live="polite">
        {t("selectedCount", { count })}
      </span>
      <div className="ml-auto flex flex-wrap gap-1">
        <Button size="sm" variant="ghost" onClick={() => onTransfer("copy")} data-testid="selection-copy">
          <Copy className="size-4" aria-hidden />
          {t("copyToProject")}
        </Button>
        {readOnly ? null : (
          <Button size="sm" variant="ghost" onClick={() => onTransfer("move")} data-testid="selection-move">
            <FolderInput className="size-4" aria-hidden />
            {t("moveToProject")}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onClear} data-testid="selection-clear">
          <X className="size-4" aria-hidden />
          {t("clearSelection")}
        </Button>
      </div>
    </div>
  );
}
