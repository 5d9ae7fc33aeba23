import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/ui/empty-state";

export function TrashEmptyState({ retentionDays }: { retentionDays: number }) {
  const t = useTranslations("trash");
  return (
    <EmptyState
      icon={Trash2}
      title={t("emptyTitle")}
      body={t("emptyBody", { days: retentionDays })}
      testId="trash-empty"
    />
  );
}
