"use client";

import { useTranslations } from "next-intl";
import type { ListedDocument } from "@/lib/client/api";

/** A shelf row's checkbox, beside the row: chosen documents are copied or moved together. */
export function SelectDocumentCheckbox({
  document,
  checked,
  onChange,
}: {
  document: ListedDocument;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useTranslations("documents");
  return (
    <label className="flex shrink-0 cursor-pointer items-center pl-4">
      <input
        type="checkbox"
        className="size-4 accent-indigo-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-label={t("selectDocument", { name: document.name })}
        data-testid="document-select"
      />
    </label>
  );
}
