import { z } from "zod";
import { SUMMARISING_CHUNK } from "@/lib/runs/stream/progress-channel";
import { MCP_APPROVAL_PART } from "@/lib/thread-messages/mcp-parts";
import { NOTE_PROPOSED_PART } from "@/lib/thread-messages/note-proposed-part";

// What POST /api/threads/{id}/runs and GET …/runs/{runId}/stream send: the AI SDK's UI message
// stream as Server-Sent Events (lib/http/ui-message-stream-response.ts), one JSON chunk per
// `data:` line, then `data: [DONE]`. The chunk types are the SDK's UIMessageChunk ones (a
// type test keeps this list equal to the SDK's) plus this app's three data parts.

export const RUN_STREAM_MEDIA_TYPE = "text/event-stream";

const id = z.string();
const providerMetadata = z.record(z.string(), z.unknown()).optional();

/** The answer's metadata: on `start` and `finish`, and a `message-metadata` chunk when it changes. */
export const runMessageMetadataSchema = z
  .object({
    modelId: z.string().optional().meta({ description: "The model that wrote this answer" }),
    notices: z
      .array(z.looseObject({ kind: z.enum(["model_fallback", "tools_unsupported"]), modelId: z.string() }))
      .optional(),
    sources: z
      .array(
        z.object({
          kind: z.enum(["document", "upload", "output"]),
          documentId: z.string().optional(),
          name: z.string(),
          ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
        }),
      )
      .optional()
      .meta({ description: "What the agent read: sent in a `message-metadata` chunk just before `finish`" }),
    mcpNotices: z
      .array(
        z.looseObject({
          kind: z.enum(["mcp_server_left_out", "mcp_tools_left_out"]),
          server: z.string().optional(),
          reason: z.enum(["unreachable", "timeout", "needs_authorization", "refused"]).optional(),
          count: z.number().int().optional(),
          limit: z.number().int().optional(),
        }),
      )
      .optional()
      .meta({ description: "MCP servers or tools this run left out, and why" }),
  })
  .meta({ id: "RunMessageMetadata" });

const toolChunk = { toolCallId: id, toolName: z.string() };

/** Every chunk type with what it carries; chunks may carry more (provider metadata and such). */
const chunkShapes = {
  start: { messageId: id.optional(), messageMetadata: runMessageMetadataSchema.optional() },
  "start-step": {},
  "text-start": { id, providerMetadata },
  "text-delta": { id, delta: z.string() },
  "text-end": { id, providerMetadata },
  "reasoning-start": { id, providerMetadata },
  "reasoning-delta": { id, delta: z.string() },
  "reasoning-end": { id, providerMetadata },
  "tool-input-start": toolChunk,
  "tool-input-delta": { toolCallId: id, inputTextDelta: z.string() },
  "tool-input-available": { ...toolChunk, input: z.unknown() },
  "tool-input-error": { ...toolChunk, input: z.unknown(), errorText: z.string() },
  "tool-approval-request": { approvalId: id, toolCallId: id },
  "tool-approval-response": { approvalId: id, approved: z.boolean() },
  "tool-output-available": { toolCallId: id, output: z.unknown(), preliminary: z.boolean().optional() },
  "tool-output-error": { toolCallId: id, errorText: z.string() },
  "tool-output-denied": { toolCallId: id },
  "source-url": { sourceId: id, url: z.string(), title: z.string().optional() },
  "source-document": { sourceId: id, mediaType: z.string(), title: z.string(), filename: z.string().optional() },
  file: { url: z.string(), mediaType: z.string() },
  "reasoning-file": { url: z.string(), mediaType: z.string() },
  custom: { kind: z.string() },
  "steering-message": { id, parts: z.array(z.looseObject({ type: z.string() })) },
  "message-metadata": { messageMetadata: runMessageMetadataSchema },
  [SUMMARISING_CHUNK.type]: {
    data: z.object({}),
    transient: z.literal(true).meta({ description: "Never stored: the run is summarising older turns first" }),
  },
  [NOTE_PROPOSED_PART]: {
    id,
    data: z.object({ noteId: id }).meta({ description: "A note the agent proposed; stored with the answer" }),
  },
  [MCP_APPROVAL_PART]: {
    id: id.meta({ description: "The tool call's id: a later chunk with the same id replaces the earlier" }),
    data: z.looseObject({
      toolCallId: id,
      runId: id,
      server: z.string(),
      tool: z.string(),
      status: z.enum(["pending", "approved", "denied", "expired"]),
      expiresAt: z.string().optional(),
      forThread: z.boolean().optional(),
    }),
  },
  error: { errorText: z.string().meta({ description: "Why the run failed, readable; the stream then ends" }) },
  "finish-step": {},
  "reset-step": {},
  abort: { reason: z.string().optional() },
  finish: { finishReason: z.string().optional(), messageMetadata: runMessageMetadataSchema.optional() },
} as const;

export type RunStreamChunkType = keyof typeof chunkShapes;
export const RUN_STREAM_CHUNK_TYPES = Object.keys(chunkShapes) as RunStreamChunkType[];

export const runStreamChunkSchema = z
  .discriminatedUnion(
    "type",
    RUN_STREAM_CHUNK_TYPES.map((type) => z.looseObject({ type: z.literal(type), ...chunkShapes[type] })) as unknown as [
      z.ZodObject,
      ...z.ZodObject[],
    ],
  )
  .meta({
    id: "RunStreamChunk",
    description:
      "One Server-Sent Event's `data:` JSON: a chunk of the AI SDK UI message stream. The stream ends with `data: [DONE]`.",
  });

export const RUN_STREAM_DESCRIPTION = [
  "The AI SDK UI message stream as Server-Sent Events: each event is one `data: <json>` line holding a",
  "RunStreamChunk, and the stream ends with `data: [DONE]`. A normal answer is `start` → `start-step` →",
  "text/reasoning/tool chunks → `finish-step` → … → `message-metadata` (`sources`, when the agent read",
  "something) → `finish`. A failure is one `error` chunk, then the end. `data-summarising` (transient, never",
  "stored) says the run is summarising older turns before the model answers. `data-note-proposed` carries a note",
  "the agent proposed for the project's memory (its card). `data-mcp-approval` (id: the tool",
  "call's) asks the person to approve a call to an MCP tool (`status: pending`, answered through POST",
  "…/runs/{runId}/approvals) and then says how it was decided. Response header `x-run-id` names",
  "the run. Closing the stream of POST …/runs stops the run; GET …/runs/{runId}/stream replays it from the",
  "start and follows it live, on any instance.",
].join(" ");
