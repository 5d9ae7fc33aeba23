"use server";

import type { UIMessageChunk } from "ai";
import { authedAction, type ActionFailure } from "./action";
import { parseInput } from "@/lib/http/parse-input";
import { assertPathParams } from "@/lib/http/path-params";
import { runRequestSchema, toRunTrigger } from "@/lib/runs/run-request";
import { cancelRun } from "@/lib/runs/cancel-run";
import { startRun } from "@/lib/runs/start-run";

// Server actions behind the thread page. authedAction re-checks the session for each call;
// ids from the client are checked by shape as path ids are (anything but a UUID string is a
// not_found before any query), and are only lookups that are owner-scoped downstream.

export type StartRunResult = { ok: true; runId: string; stream: ReadableStream<UIMessageChunk> } | ActionFailure;

/** Starts a run and returns its stream, which React streams to the browser chunk by chunk. */
export async function startRunAction(threadId: string, request: unknown): Promise<StartRunResult> {
  return authedAction("startRun", async (user) => {
    assertPathParams({ threadId });
    // The API's rule and wording (POST /api/threads/{id}/runs): NUL or a schema mismatch is a 422.
    const parsed = parseInput(runRequestSchema, request);
    // A reload is not a Stop: the page finds the run again and follows it (ActionTransport).
    const { runId, stream } = await startRun({
      userId: user.id,
      threadId,
      trigger: toRunTrigger(parsed),
      outlivesClient: true,
    });
    return { ok: true as const, runId, stream };
  });
}

/** Stop: ends the run on whichever instance streams it. */
export async function cancelRunAction(runId: string): Promise<{ ok: boolean }> {
  return authedAction("cancelRun", async (user) => {
    assertPathParams({ runId });
    await cancelRun({ userId: user.id, runId });
    return { ok: true as const };
  });
}
