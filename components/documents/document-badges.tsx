import { AlertTriangle, MessageSquare } from "lucide-react";
import { useTranslations } from "next-intl";
import { badgeClass } from "@/components/ui/badge";
import type { ProjectDocument } from "@/lib/client/api";

/** Where a document came from (filled by "Save to project") and whether its bytes are gone. */
export function DocumentBadges({ document }: { document: ProjectDocument }) {
  const t = useTranslations("documents");
  return (
    <>
      {document.sourceKind ? (
        <span
          className={badgeClass("indigo")}
          title={document.sourceName ? t("fromChatTitle", { name: document.sourceName }) : undefined}
          data-testid="document-provenance"
        >
          <MessageSquare className="size-3" aria-hidden />
          {t("fromChat", { kind: document.sourceKind })}
        </span>
      ) : null}
      {document.contentMissing ? (
        <span className={badgeClass("amber")} title={t("fileMissingTitle")} data-testid="document-missing">
          <AlertTriangle className="size-3" aria-hidden />
          {t("fileMissing")}
        </span>
      ) : null}
    </>
  );
}
