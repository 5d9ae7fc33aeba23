import { answerApproval } from "@/lib/mcp/answer-approval";
import { sendRunSignal } from "./lease/run-signals";

/**
 * Approve or deny an MCP tool call a run waits on, from any instance: the answer is written
 * to its row (lib/mcp/answer-approval.ts), then the run's instance is woken (NOTIFY with
 * PostgreSQL, in process with PGlite; it also polls the row).
 */
export async function answerRunApproval(input: Parameters<typeof answerApproval>[0]) {
  const approval = await answerApproval(input);
  await sendRunSignal("approval", input.runId);
  return approval;
}
