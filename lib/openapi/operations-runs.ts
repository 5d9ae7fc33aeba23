import { z } from "zod";
import { answerApprovalBody } from "@/lib/api-schemas/mcp-servers";
import { runRequestSchema } from "@/lib/runs/run-request";
import * as r from "./response-schemas";
import { runStream } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Runs
export const runsOperations: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/threads/{id}/runs",
    tag: "Runs",
    summary: "send a message (or regenerate) and stream the answer",
    description:
      "Send `{message: {text, attachments?}}` (attachments: names of the chat's uploads) or `{regenerate: true}` to answer the last user message again. The history comes from the database, the project context from the run itself. 409 `conflict` while another run of the chat is active.",
    auth: "accepts-tokens",
    body: runRequestSchema,
    responses: [runStream],
    errors: ["conflict", "unavailable"],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/runs",
    tag: "Runs",
    summary: "the thread's runs, newest first",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The runs", json: z.object({ runs: z.array(r.runSchema) }) }],
  },
  {
    method: "POST",
    path: "/api/threads/{id}/runs/{runId}/cancel",
    tag: "Runs",
    summary: "stop an active run on whichever instance streams it",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The run, once it has stopped", json: z.object({ run: r.runSchema }) }],
    errors: ["conflict"],
  },
  {
    method: "POST",
    path: "/api/threads/{id}/runs/{runId}/approvals",
    tag: "Runs",
    summary: "approve or deny an MCP tool call the run waits on, from any instance",
    description:
      "A call to an MCP tool its server does not mark read-only waits for this answer (the run's stream carries a `data-mcp-approval` part, `status: pending`). `forThread: true` with `approve: true` allows the tool for the rest of the chat. A denied call returns `{error}` to the model. 404 for a call that is not waiting in this run; 409 when it was already answered or its wait expired (MCP_APPROVAL_TIMEOUT_SECONDS).",
    auth: "accepts-tokens",
    body: answerApprovalBody,
    responses: [
      { status: 200, description: "The answer, recorded", json: z.object({ approval: r.mcpApprovalSchema }) },
    ],
    errors: ["conflict"],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/runs/{runId}/events",
    tag: "Runs",
    summary: "the run's audit events",
    auth: "accepts-tokens",
    responses: [
      { status: 200, description: "The events, oldest first", json: z.object({ events: z.array(r.runEventSchema) }) },
    ],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/runs/{runId}/stream",
    tag: "Runs",
    summary: "the run's stream so far, then live until it ends",
    auth: "accepts-tokens",
    responses: [runStream],
  },
];
