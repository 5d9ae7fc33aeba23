import { answerApprovalBody } from "@/lib/api-schemas/mcp-servers";
import { readJsonBody, tokenRoute } from "@/lib/endpoints/route";
import { answerRunApproval } from "@/lib/runs/answer-run-approval";

export const dynamic = "force-dynamic";

// POST /api/threads/{id}/runs/{runId}/approvals – approve or deny an MCP tool call the run waits on, from any instance
export const POST = tokenRoute<{ id: string; runId: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, answerApprovalBody);
  const approval = await answerRunApproval({ userId: user.id, threadId: params.id, runId: params.runId, ...body });
  return Response.json({ approval });
});
