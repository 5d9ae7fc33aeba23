import { AlertTriangle } from "lucide-react";
import { useTranslations } from "next-intl";
import { badgeClass } from "@/components/ui/badge";

/** Says that a document's stored bytes are gone, so preview and download cannot work. */
export function MissingContentBadge() {
  const t = useTranslations("documents");
  return (
    <span className={badgeClass("amber")} title={t("fileMissingTitle")} data-testid="document-missing">
      <AlertTriangle className="size-3" aria-hidden />
      {t("fileMissing")}
    </span>
  );
}
