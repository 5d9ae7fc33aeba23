"use client";

import * as Collapsible from "@radix-ui/react-collapsible";
import {
  AlertCircle,
  BookOpen,
  BookmarkPlus,
  Check,
  ChevronRight,
  FileText,
  FolderSearch,
  ImageIcon,
  Loader2,
  PenLine,
  Search,
  Wrench,
} from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { parseMcpToolName } from "@/lib/mcp/mcp-tool-name";
import type { McpApprovalData } from "@/lib/thread-messages/mcp-parts";
import { FileCard } from "./file-card";
import { McpApprovalControls } from "./mcp-approval-controls";
import {
  humanizeToolName,
  summarizeToolCall,
  type KnownTool,
  type ToolCallState,
  type ToolPart,
} from "./tool-call-summary";

const ICONS: Record<KnownTool, typeof Wrench> = {
  list_thread_files: FolderSearch,
  read_thread_file: FileText,
  write_output_file: PenLine,
  list_project_documents: FolderSearch,
  read_project_document: FileText,
  search_project_documents: Search,
  propose_project_note: BookmarkPlus,
  read_project_memory: BookOpen,
  view_image: ImageIcon,
};

const STATE_STYLE: Record<ToolCallState, string> = {
  running: "text-indigo-700 bg-indigo-50 dark:text-indigo-300 dark:bg-indigo-500/10",
  done: "text-emerald-700 bg-emerald-50 dark:text-emerald-300 dark:bg-emerald-500/10",
  error: "text-red-700 bg-red-50 dark:text-red-300 dark:bg-red-500/10",
};

/** Long inputs (a whole file being written) are cut for the card; the file itself is a click away. */
const DETAIL_MAX_CHARS = 4000;

function detailText(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "");
  return text.length > DETAIL_MAX_CHARS ? `${text.slice(0, DETAIL_MAX_CHARS)}\n…` : text;
}

const detailBoxClass =
  "max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-50 p-2.5 font-mono text-xs text-zinc-700 dark:bg-zinc-950 dark:text-zinc-300";

/** Arguments one per line, strings as written (a file's content reads as the file, not as escaped JSON). */
function InputDetail({ input }: { input: unknown }) {
  if (!input || typeof input !== "object" || Array.isArray(input))
    return <pre className={detailBoxClass}>{detailText(input)}</pre>;
  return (
    <dl className="space-y-1.5">
      {Object.entries(input).map(([key, value]) => (
        <div key={key}>
          <dt className="font-mono text-[0.7rem] text-zinc-500 dark:text-zinc-400">{key}</dt>
          <dd>
            <pre className={detailBoxClass}>{detailText(value)}</pre>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StateBadge({ state }: { state: ToolCallState }) {
  const t = useTranslations("chat");
  const Icon = state === "running" ? Loader2 : state === "done" ? Check : AlertCircle;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[state]}`}
      data-testid="tool-call-state"
    >
      <Icon className={`size-3 ${state === "running" ? "animate-spin" : ""}`} aria-hidden />
      {t(`toolState.${state}`)}
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{label}</p>
      {children}
    </div>
  );
}

/**
 * One tool call as a compact card: what the agent did in plain words, on what, and how it
 * went. The raw input and output stay folded away until asked for.
 */
export function ToolCallView({ part, approval }: { part: ToolPart; approval?: McpApprovalData }) {
  const t = useTranslations("chat");
  const call = summarizeToolCall(part);
  const Icon = call.known ? ICONS[call.known] : Wrench;
  // An MCP tool is named by the server's own name for it, beside the server's.
  const mcp = parseMcpToolName(call.name);
  const label = call.known
    ? t(`tools.${call.known}`)
    : mcp
      ? (approval?.tool ?? mcp.tool)
      : humanizeToolName(call.name);
  return (
    <div className="space-y-2" data-testid="tool-call" data-tool={call.name} data-tool-state={call.state}>
      <Collapsible.Root className="group/tool max-w-xl rounded-xl border border-zinc-200 bg-white text-sm shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <Collapsible.Trigger
          className="flex w-full items-center gap-2.5 rounded-xl px-3 py-2 text-left hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
          data-testid="tool-call-toggle"
        >
          <ChevronRight
            className="size-4 shrink-0 text-zinc-400 transition-transform group-data-[state=open]/tool:rotate-90"
            aria-hidden
          />
          <Icon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
          <span className="font-medium text-zinc-800 dark:text-zinc-200">{label}</span>
          {mcp ? (
            <span
              className="rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
              data-testid="tool-call-server"
            >
              {t("toolServer", { server: approval?.server ?? mcp.server })}
            </span>
          ) : null}
          {call.subject ? (
            <span
              className="min-w-0 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400"
              data-testid="tool-call-subject"
            >
              {call.subject}
            </span>
          ) : null}
          <span className="ml-auto pl-2">
            <StateBadge state={call.state} />
          </span>
        </Collapsible.Trigger>
        <Collapsible.Content
          className="space-y-3 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800"
          data-testid="tool-call-details"
        >
          {call.input !== undefined ? (
            <Detail label={t("toolInput")}>
              <InputDetail input={call.input} />
            </Detail>
          ) : null}
          {call.error ? (
            <Detail label={t("toolError")}>
              <pre className={`${detailBoxClass} text-red-700 dark:text-red-300`}>{call.error}</pre>
            </Detail>
          ) : call.output !== undefined ? (
            <Detail label={t("toolOutput")}>
              <pre className={detailBoxClass}>{detailText(call.output)}</pre>
            </Detail>
          ) : null}
        </Collapsible.Content>
      </Collapsible.Root>
      {approval ? <McpApprovalControls approval={approval} /> : null}
      {call.writtenFile ? <FileCard file={{ kind: "output", ...call.writtenFile }} testId="output-file-card" /> : null}
    </div>
  );
}
