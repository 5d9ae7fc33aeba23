import { FileText } from "lucide-react";
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/ui/empty-state";

export function DocumentsEmptyState({ readOnly }: { readOnly: boolean }) {
  const t = useTranslations("documents");
  return (
    <EmptyState
      icon={FileText}
      title={t("emptyTitle")}
      body={readOnly ? t("emptyBodyArchived") : t("emptyBody")}
      testId="documents-empty"
    />
  );
}
