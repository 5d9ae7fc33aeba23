"use client";

import { Info } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";

/** MCP servers or tools this answer's run left out, and why (stored with the answer). */
export function McpNotices({ message }: { message: ThreadMessage }) {
  const t = useTranslations("mcp");
  const notices = message.metadata?.mcpNotices ?? [];
  if (!notices.length) return null;
  return (
    <div className="space-y-2">
      {notices.map((notice, index) => (
        <p
          key={index}
          role="note"
          className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30"
          data-testid="mcp-notice"
          data-kind={notice.kind}
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {notice.kind === "mcp_server_left_out"
              ? t(`leftOut.${notice.reason}`, { server: notice.server })
              : t("toolsLeftOut", { count: notice.count, limit: notice.limit })}
          </span>
        </p>
      ))}
    </div>
  );
}
