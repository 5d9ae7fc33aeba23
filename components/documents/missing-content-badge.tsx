import { AlertTriangle } from "lucide-react";
import { useTranslations } from "next-intl";
import { badgeClass } from "@/components/ui/badge";
import type { ProjectDocument } from "@/lib/client/api";
import { ProvenanceBadge } from "./provenance-badge";

/** Where a document came from (filled by "Save to project") and whether its bytes are gone. */
export function DocumentBadges({ document }: { document: ProjectDocument }) {
  const t = useTranslations("documents");
  return (
    <>
      {document.sourceKind ? <ProvenanceBadge threadId={document.sourceThreadId} kind={document.sourceKind} sourceName={document.sourceName} /> : null}
      {document.contentMissing ? (
        <span className={badgeClass("amber")} title={t("fileMissingTitle")} data-testid="document-missing">
          <AlertTriangle className="size-3" aria-hidden />
          {t("fileMissing")}
        </span>
      ) : null}
    </>
  );
}
