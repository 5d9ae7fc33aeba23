"use client";

import { MessageSquare } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useThreadTitle } from "@/components/threads/use-thread-title";
import { badgeClass } from "@/components/ui/badge";
import { useThreadOrGone } from "@/lib/client/queries";

/**
 * Where a saved document came from: "from ‹chat title› · output", linking to that chat. A chat
 * deleted since is named as such; the row keeps its provenance either way.
 */
export function ProvenanceBadge({
  threadId,
  kind,
  sourceName,
}: {
  threadId: string | null;
  kind: "upload" | "output";
  sourceName: string | null;
}) {
  const t = useTranslations("documents");
  const threadTitle = useThreadTitle();
  const source = useThreadOrGone(threadId);
  const savedAs = sourceName ? t("fromChatTitle", { name: sourceName }) : undefined;
  // Gives way to the document's name first when the row is narrow, down to just its icon.
  const className = `${badgeClass("indigo")} min-w-6 max-w-64 shrink-[8]`;
  const icon = <MessageSquare className="size-3 shrink-0" aria-hidden />;

  if (source.data) {
    return (
      <Link
        href={`/workspace/chats/${source.data.id}`}
        className={`${className} hover:underline`}
        title={savedAs}
        data-testid="document-provenance"
        data-source="chat"
      >
        {icon}
        <span className="truncate">{t("fromThread", { title: threadTitle(source.data), kind })}</span>
      </Link>
    );
  }
  const gone = threadId === null || source.data === null;
  return (
    <span
      className={className}
      title={savedAs}
      data-testid="document-provenance"
      data-source={gone ? "deleted" : "loading"}
    >
      {icon}
      <span className="truncate">{gone ? t("fromDeletedThread", { kind }) : t("fromChat", { kind })}</span>
    </span>
  );
}
