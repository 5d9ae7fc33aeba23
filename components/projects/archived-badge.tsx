import { Archive } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";

export function ArchivedBadge() {
  const t = useTranslations("projects");
  return (
    <Badge tone="amber" testId="archived-badge">
      <Archive className="size-3" aria-hidden />
      {t("archived")}
    </Badge>
  );
}
