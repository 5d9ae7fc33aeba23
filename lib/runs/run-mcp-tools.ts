import type { UIMessageChunk } from "ai";
import { openRunMcpTools, type RunMcpTools } from "@/lib/mcp/open-run-mcp-tools";
import { MCP_APPROVAL_PART } from "@/lib/thread-messages/mcp-parts";
import { onRunSignal } from "./lease/run-signals";
import { createProgressChannel } from "./stream/progress-channel";

// A run's MCP tools (lib/mcp/open-run-mcp-tools.ts), wired to the run: answers to its
// approval questions wake it through the run's `approval` signal, and each question and its
// answer go into the run's stream as a `data-mcp-approval` part (stored with the answer, so
// followers and a reload see it). Only for a model that takes tools.

export interface RunMcp extends RunMcpTools {
  /** The run's stream with the approval parts slipped in (they come while the model waits). */
  withApprovals(stream: ReadableStream<UIMessageChunk>): ReadableStream<UIMessageChunk>;
}

export async function openMcpForRun({
  userId,
  threadId,
  runId,
  projectId,
  withTools,
  signal,
}: {
  userId: string;
  threadId: string;
  runId: string;
  projectId: string | null;
  withTools: boolean;
  signal: AbortSignal;
}): Promise<RunMcp> {
  const channel = createProgressChannel();
  const tools = withTools
    ? await openRunMcpTools({
        userId,
        threadId,
        runId,
        projectId,
        signal,
        wake: { subscribe: (handler) => onRunSignal("approval", runId, handler) },
        announce: (data) => channel.emit({ type: MCP_APPROVAL_PART, id: data.toolCallId, data }),
      })
    : { tools: {}, notices: [], approvalExpired: () => false, close: async () => undefined };
  return { ...tools, withApprovals: (stream) => channel.merge(stream) };
}
