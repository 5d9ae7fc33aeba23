import { randomUUID } from "node:crypto";
import { generateId, isStepCount, streamText, toUIMessageStream, type UIMessageChunk } from "ai";
import { transaction, type Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import type { AttachedFile, ThreadMessage } from "@/lib/thread-messages/thread-message";
import { runInBackground } from "./background-work";
import { configuredContextBudget } from "@/lib/context/context-budget";
import { deliverRunStream } from "./stream/deliver-run-stream";
import { describeRunError } from "./describe-run-error";
import { endWithErrorChunk } from "./stream/end-with-error-chunk";
import { createRunRequestFitter } from "./fit-run-request";
import { withSources } from "@/lib/thread-messages/message-sources";
import { describeToolCallError, isToolCallError } from "./tool-call-error";
import { createProgressChannel, SUMMARISING_CHUNK } from "./stream/progress-channel";
import { historyToModelMessages } from "@/lib/context/history-to-model-messages";
import { createContextAudit } from "./context-audit";
import { closeRun, settleRun } from "./settle-run";
import { buildSystemPrompt } from "@/lib/context/system-prompt";
import { recordAdmission } from "./admission/record-admission";
import { normaliseInterruptedMessage } from "@/lib/thread-messages/thread-history";
import { lockThreadForRun } from "./admission/lock-thread-for-run";
import { titleThreadIfUntitled } from "./title-thread";
import { buildRunTools } from "@/lib/tools/run-tools";
import { resolveAttachments } from "./admission/resolve-attachments";
import { withSourcesMetadata } from "./stream/stream-sources";
import { afterPendingWrites } from "@/lib/runs/stream/after-pending-writes";
import { persistRunStream } from "@/lib/runs/stream/persist-run-stream";
import { isEndedByShutdown, registerRun, unregisterRun } from "@/lib/runs/lease/run-registry";
import { SHUTDOWN_ERROR } from "@/lib/runs/lease/end-runs-at-shutdown";
import { sendRunSignal } from "@/lib/runs/lease/run-signals";
import { prepareRunModel, type RunModel } from "./prepare-run-model";
import { readModelCatalog, type ModelCatalog } from "@/lib/models/read-model-catalog";

// The run (design: "The run"): admission → pinned context → tools → AI SDK loop →
// persistence. One function behind both entry points: the thread page's server action and
// POST /api/threads/{id}/runs.

const MAX_STEPS = 12;

export type RunTrigger = { kind: "submit"; text: string; attachments?: string[] } | { kind: "regenerate" };

export interface StartedRun {
  runId: string;
  /** AI SDK UI message chunks; cancelling it stops the run on the server. */
  stream: ReadableStream<UIMessageChunk>;
  /** Milliseconds each stage before the stream took (a Server-Timing header on the API). */
  stages: { model: number; admission: number; request: number };
}

interface AdmittedTurn {
  runId: string;
  /** The history this run answers after its summary, as committed: ends with the anchor user message. */
  history: ThreadMessage[];
  /** The thread's summary of the turns before `history`. */
  summary: string | null;
  anchorMessageId: string;
  userText: string;
  isFirstExchange: boolean;
  /** The thread's model (or the default standing in for it, with a notice). */
  runModel: RunModel;
  /** The thread's project as of the lock, pinned for the whole run; null outside a project. */
  pinned: PinnedProjectContext | null;
}

/**
 * Check-and-set under the thread's row lock: one active run per thread. Everything the model
 * call needs from the database is read, and the run recorded, in this one transaction and two
 * statements (the lock brings the thread's model choice, project and summary;
 * record-admission.ts checks, writes and reads the rest): every statement before the model
 * call delays the run's first byte.
 */
async function admitTurn(
  tx: Tx,
  userId: string,
  threadId: string,
  trigger: RunTrigger,
  attachments: AttachedFile[],
  catalog: ModelCatalog,
): Promise<AdmittedTurn> {
  const locked = await lockThreadForRun(tx, { threadId, userId });
  if (!locked) throw notFound();
  // 503 when no model can answer: rolled back with the lock, nothing recorded.
  const runModel = prepareRunModel(catalog, locked.modelId);
  const runId = randomUUID();
  // A new message is written with the run, in admission's statement; regenerate answers the
  // last user message again.
  const submitted: ThreadMessage | undefined =
    trigger.kind === "submit"
      ? {
          id: generateId(),
          role: "user",
          parts: [{ type: "text", text: trigger.text }],
          metadata: attachments.length ? { attachments } : {},
        }
      : undefined;
  const admission = await recordAdmission(tx, {
    locked,
    run: { runId, threadId, userId, modelId: runModel.modelId, message: submitted },
  });
  if (admission.live) throw new AppError("conflict", "A reply is already being generated in this chat.");
  const { pinned } = admission;
  const { summary, messages: history } = admission.history;
  let anchor: ThreadMessage;
  let runHistory: ThreadMessage[];
  if (submitted) {
    anchor = submitted;
    runHistory = [...history, anchor];
  } else {
    // Its old answer goes, the message stays; nothing to answer is a 400, rolling the run back.
    const lastUserIndex = history.findLastIndex((message) => message.role === "user");
    if (lastUserIndex < 0) throw new AppError("bad_request", "There is no message to answer again.");
    anchor = history[lastUserIndex]!;
    const staleAnswers = history.slice(lastUserIndex + 1).map((message) => message.id);
    if (staleAnswers.length)
      await tx.message.deleteMany({ where: { threadId, thread: { userId }, id: { in: staleAnswers } } });
    runHistory = history.slice(0, lastUserIndex + 1);
  }
  const userText = anchor.parts.map((part) => (part.type === "text" ? part.text : "")).join(" ");
  const isFirstExchange = !summary && !history.some((message) => message.role === "assistant");
  return {
    runId,
    history: runHistory,
    summary: summary?.text ?? null,
    anchorMessageId: anchor.id,
    userText,
    isFirstExchange,
    runModel,
    pinned,
  };
}

export async function startRun({
  userId,
  threadId,
  trigger,
  signal,
  outlivesClient = false,
}: {
  userId: string;
  threadId: string;
  trigger: RunTrigger;
  signal?: AbortSignal;
  /**
   * The chat page: the run goes on when its page goes away (a reload, another instance) and
   * is followed there again (GET …/runs/{runId}/stream); only a cancel stops it. Over the API
   * a client that hangs up stops the run, as documented.
   */
  outlivesClient?: boolean;
}): Promise<StartedRun> {
  const started = performance.now();
  // The models on offer, outside admission's transaction: a listing may be on its way from its
  // endpoint, and nothing should wait for that while holding the thread's lock.
  const catalog = await readModelCatalog();
  const modelReady = performance.now();
  const filenames = trigger.kind === "submit" ? (trigger.attachments ?? []) : [];
  // Ownership first, so a foreign thread is a 404 whatever the attachments say.
  if (filenames.length) await getThreadOrThrow({ threadId, userId });
  const attachments = await resolveAttachments({ userId, threadId, filenames });
  const turn = await transaction((tx) => admitTurn(tx, userId, threadId, trigger, attachments, catalog));

  const controller = new AbortController();
  if (signal) signal.addEventListener("abort", () => controller.abort(), { once: true });
  registerRun({ runId: turn.runId, controller });

  try {
    const admitted = performance.now();
    const { history, runModel, pinned } = turn;
    const tools = buildRunTools({ userId, threadId, pinned });
    const initialMessages = await historyToModelMessages(history, tools);
    const instructions = buildSystemPrompt({ today: new Date(), withTools: runModel.withTools });
    const budget = configuredContextBudget(runModel.modelId);
    const progress = createProgressChannel();
    const fitRequest = createRunRequestFitter({
      model: runModel.model,
      threadId,
      userId,
      anchorMessageId: turn.anchorMessageId,
      pinned,
      summary: turn.summary,
      instructions,
      tools,
      budget,
      signal: controller.signal,
      onSummarising: () => progress.emit(SUMMARISING_CHUNK),
    });
    const contextAudit = createContextAudit(turn.runId, pinned);
    let runError: string | null = null;
    // Resolved once the run's record is written; the client's stream closes after it.
    let markRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (markRecorded = resolve));
    // Called again with the message returned here when the error reaches the stream's end:
    // keep the first, readable description.
    const describeFailure = (error: unknown): string => {
      if (isToolCallError(error)) return describeToolCallError(error);
      if (runError === null) {
        runError = describeRunError(error);
        console.error(`[chat] run ${turn.runId} failed: ${runError}`);
      }
      return runError;
    };

    const result = streamText({
      model: runModel.model,
      instructions,
      messages: initialMessages,
      maxOutputTokens: budget.maxOutputTokens,
      tools,
      activeTools: runModel.withTools ? undefined : [],
      stopWhen: isStepCount(MAX_STEPS),
      abortSignal: controller.signal,
      // The UI stream's onError below records and reports the error once; the SDK's default
      // would also print the whole provider response to the log.
      onError: () => {},
      // The `context` event is recorded once the first model call answers, never before it.
      onChunk: contextAudit.onChunk,
      onLanguageModelCallEnd: contextAudit.onLanguageModelCallEnd,
      prepareStep: async ({ initialMessages: initial, responseMessages, stepNumber }) => {
        // Rebuilt from the run's initial messages every step, so the summary and project
        // messages are inserted exactly once, and the request is fitted to the budget.
        return { messages: await fitRequest([...initial, ...responseMessages], stepNumber) };
      },
    });

    // The SDK asks for the answer's metadata on every part and sends whatever it gets after
    // that part: the model and its notices once per token would double the stream and keep
    // the stored batches from joining a run of deltas (merge-stream-deltas.ts). So it goes
    // with the start and the finish, and in between only when it changed (a notice added by
    // the retry without tools).
    let metadataSent = "";
    const metadataToSend = (partType: string) => {
      const metadata = runModel.metadata();
      const key = JSON.stringify(metadata);
      if (partType !== "start" && partType !== "finish" && key === metadataSent) return undefined;
      metadataSent = key;
      return metadata;
    };
    const uiStream = toUIMessageStream<typeof tools, ThreadMessage>({
      stream: result.stream,
      tools,
      originalMessages: history,
      generateMessageId: generateId,
      messageMetadata: ({ part }) => metadataToSend(part.type),
      onError: (error) => describeFailure(error),
      // The stored answer is what the client was handed (deliver-run-stream.ts), known only once
      // delivery settles, which on a normal end is after this callback returns: never await it
      // here. Tracked as background work, so nothing waits on a sleep for the record.
      onEnd: ({ outcome }) => {
        runInBackground(`recording run ${turn.runId}`, async () => {
          const delivered = await delivery.delivered;
          await afterPendingWrites();
          try {
            // The run is recorded with its audit event: whoever reads the finished run finds both.
            await contextAudit.written();
            // Aborted by the server's shutdown: failed with its reason, not "stopped" by a user.
            const shutdown = isEndedByShutdown(turn.runId);
            const stopped = controller.signal.aborted && !shutdown;
            const message = withSources(
              normaliseInterruptedMessage(delivered ?? { id: generateId(), role: "assistant", parts: [] }),
            );
            const failed = shutdown || outcome.status === "failed" || runError !== null;
            const status = await settleRun({
              runId: turn.runId,
              userId,
              threadId,
              message: message.parts.some((part) => part.type !== "step-start") ? message : null,
              status: stopped ? "stopped" : failed ? "failed" : "completed",
              error: stopped ? null : shutdown ? SHUTDOWN_ERROR : failed ? (runError ?? describeRunError(null)) : null,
            });
            if (status === "completed" && turn.isFirstExchange) {
              runInBackground("titling", () =>
                titleThreadIfUntitled({ model: runModel.model, threadId, userId, firstMessage: turn.userText }),
              );
            }
          } finally {
            unregisterRun(turn.runId);
            markRecorded();
            // Followers end their streams once the run is recorded (follow-run-stream.ts).
            void sendRunSignal("stream", turn.runId).catch(() => undefined);
          }
        });
      },
    });
    // Recorded for followers (any instance) first; the caller is handed the same chunks.
    const persisted = persistRunStream(turn.runId, withSourcesMetadata(endWithErrorChunk(uiStream, describeFailure)));
    const delivery = deliverRunStream(persisted, {
      onCancel: () => controller.abort(),
      outlivesConsumer: outlivesClient,
      recorded,
    });
    // Progress notes go to this client only: they are not part of the answer that is stored.
    return {
      runId: turn.runId,
      stream: progress.merge(delivery.stream),
      stages: { model: modelReady - started, admission: admitted - modelReady, request: performance.now() - admitted },
    };
  } catch (error) {
    unregisterRun(turn.runId);
    await closeRun({ runId: turn.runId, userId }, "failed", describeRunError(error));
    throw error;
  }
}
