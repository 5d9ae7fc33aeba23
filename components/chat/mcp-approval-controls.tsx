"use client";

import { Check, ShieldAlert, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAnswerMcpApproval } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import type { McpApprovalData } from "@/lib/thread-messages/mcp-parts";
import { useFilePreview } from "./file-preview-provider";

/**
 * Under a call to an MCP tool its server does not mark read-only: while the run waits, the
 * person approves it, denies it, or allows the tool for the rest of this chat; afterwards,
 * how it was decided. The answer goes to the run on whichever instance streams it.
 */
export function McpApprovalControls({ approval }: { approval: McpApprovalData }) {
  const t = useTranslations("mcp");
  const errorMessage = useErrorMessage();
  const { threadId } = useFilePreview();
  const answer = useAnswerMcpApproval();
  const send = (approve: boolean, forThread = false) =>
    answer.mutate({ threadId, runId: approval.runId, toolCallId: approval.toolCallId, approve, forThread });

  if (approval.status !== "pending") {
    const key =
      approval.status === "approved"
        ? approval.forThread
          ? "decidedAllowed"
          : "decidedApproved"
        : `decided_${approval.status}`;
    return (
      <p
        className="text-xs text-zinc-600 dark:text-zinc-400"
        data-testid="mcp-approval-result"
        data-status={approval.status}
      >
        {t(key)}
      </p>
    );
  }
  return (
    <div
      role="group"
      aria-label={t("approvalLabel", { tool: approval.tool, server: approval.server })}
      className="max-w-xl space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700/60 dark:bg-amber-950/40"
      data-testid="mcp-approval"
    >
      <p className="flex gap-2 text-amber-900 dark:text-amber-200">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t("approvalQuestion", { tool: approval.tool, server: approval.server })}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="primary"
          disabled={answer.isPending}
          onClick={() => send(true)}
          data-testid="mcp-approve"
        >
          <Check className="size-4" aria-hidden />
          {t("approve")}
        </Button>
        <Button size="sm" disabled={answer.isPending} onClick={() => send(true, true)} data-testid="mcp-allow-chat">
          {t("allowForChat")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={answer.isPending}
          onClick={() => send(false)}
          data-testid="mcp-deny"
        >
          <X className="size-4" aria-hidden />
          {t("deny")}
        </Button>
      </div>
      {answer.isError ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {errorMessage(answer.error)}
        </p>
      ) : answer.isSuccess ? (
        <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("answerSent")}
        </p>
      ) : null}
    </div>
  );
}
