"use server";

import { headers } from "next/headers";
import type { UIMessageChunk } from "ai";
import { requireSessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/http/errors";
import { runRequestSchema, toRunTrigger } from "./run-request";
import { abortRun } from "./run-registry";
import { startRun } from "./start-run";

// Server actions behind the thread page. Each one re-checks the session itself and takes
// ids from the client only as lookups that are owner-scoped downstream.

export type ActionFailure = { ok: false; error: { code: string; message: string } };
export type StartRunResult = { ok: true; runId: string; stream: ReadableStream<UIMessageChunk> } | ActionFailure;

function failure(error: unknown): ActionFailure {
  if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message } };
  console.error("[chat action] unexpected error", error);
  return { ok: false, error: { code: "internal", message: "Something went wrong on our side." } };
}

/** Starts a run and returns its stream, which React streams to the browser chunk by chunk. */
export async function startRunAction(threadId: string, request: unknown): Promise<StartRunResult> {
  try {
    const user = await requireSessionUser(await headers());
    const parsed = runRequestSchema.safeParse(request);
    if (!parsed.success) throw new AppError("validation_failed", parsed.error.issues[0]?.message);
    const { runId, stream } = await startRun({ userId: user.id, threadId, trigger: toRunTrigger(parsed.data) });
    return { ok: true, runId, stream };
  } catch (error) {
    return failure(error);
  }
}

/**
 * Stop: Next posts actions without an abort signal, so the browser's stop cannot reach the
 * streaming action itself; this second action aborts the run's controller.
 */
export async function cancelRunAction(runId: string): Promise<{ ok: boolean }> {
  try {
    const user = await requireSessionUser(await headers());
    return { ok: abortRun({ runId, userId: user.id }) };
  } catch {
    return { ok: false };
  }
}
