import { generateId, isStepCount, streamText, toUIMessageStream, type UIMessageChunk } from "ai";
import { transaction } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
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
import { normaliseInterruptedMessage } from "@/lib/thread-messages/thread-history";
import { titleThreadIfUntitled } from "./title-thread";
import { buildRunTools } from "@/lib/tools/run-tools";
import { citationNumbers } from "@/lib/tools/citation-numbers";
import { resolveAttachments } from "./admission/resolve-attachments";
import { withSourcesMetadata } from "./stream/stream-sources";
import { withNoteProposals } from "./stream/stream-note-proposals";
import { afterPendingWrites } from "@/lib/runs/stream/after-pending-writes";
import { persistRunStream } from "@/lib/runs/stream/persist-run-stream";
import { isEndedByShutdown, registerRun, unregisterRun } from "@/lib/runs/lease/run-registry";
import { SHUTDOWN_ERROR } from "@/lib/runs/lease/end-runs-at-shutdown";
import { sendRunSignal } from "@/lib/runs/lease/run-signals";
import { readModelCatalog } from "@/lib/models/read-model-catalog";
import { admitTurn, type RunTrigger } from "./admission/admit-turn";
import { runImages } from "./run-images";
import { withViewedImages, type ViewedImage } from "@/lib/context/viewed-images";
import { openMcpForRun, type RunMcp } from "./run-mcp-tools";

// The run (docs/architecture.md § "The path of a run"): admission (admission/admit-turn.ts) →
// pinned context → tools → AI SDK loop → persistence. One function behind both entry points: the
// thread page's server action and POST /api/threads/{id}/runs.

const MAX_STEPS = 12;

export interface StartedRun {
  runId: string;
  /** AI SDK UI message chunks; cancelling it stops the run on the server. */
  stream: ReadableStream<UIMessageChunk>;
  /** Milliseconds each stage before the stream took (a Server-Timing header on the API). */
  stages: { model: number; admission: number; request: number };
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
  let mcp: RunMcp | null = null;

  try {
    const admitted = performance.now();
    const { history, runModel, pinned } = turn;
    // The answer's id is chosen now, as the SDK would choose it (the last message's when that is
    // an assistant's, else a new one), so a proposal can name the message it came from.
    const last = history.at(-1);
    const answerMessageId = last?.role === "assistant" ? last.id : generateId();
    // What view_image returns during this run, shown to the model after each call's result.
    const viewed = new Map<string, ViewedImage>();
    // The person's MCP servers' tools beside the built-in ones (lib/mcp); servers left out get a notice.
    const runMcp = (mcp = await openMcpForRun({
      userId,
      threadId,
      runId: turn.runId,
      projectId: pinned?.projectId ?? null,
      withTools: runModel.withTools,
      signal: controller.signal,
    }));
    const tools = {
      ...buildRunTools({
        userId,
        threadId,
        answerMessageId,
        pinned,
        citations: citationNumbers(),
        viewedImages: runModel.vision === false ? undefined : { seesImages: runModel.seesImages, images: viewed },
      }),
      ...runMcp.tools,
    };
    const initialMessages = await historyToModelMessages(
      history,
      tools,
      runImages({ userId, threadId, history, runModel }),
    );
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
        console.error(`[run] run ${turn.runId} failed: ${runError}`);
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
      // An MCP call nobody approved in time ends the run after its step.
      stopWhen: [isStepCount(MAX_STEPS), () => runMcp.approvalExpired()],
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
        return { messages: await fitRequest(withViewedImages([...initial, ...responseMessages], viewed), stepNumber) };
      },
    });

    // The SDK asks for the answer's metadata on every part and sends whatever it gets after
    // that part: the model and its notices once per token would double the stream and keep
    // the stored batches from joining a run of deltas (merge-stream-deltas.ts). So it goes
    // with the start and the finish, and in between only when it changed (a notice added by
    // the retry without tools).
    let metadataSent = "";
    const metadataToSend = (partType: string) => {
      const metadata = {
        ...runModel.metadata(),
        ...(runMcp.notices.length ? { mcpNotices: runMcp.notices } : {}),
      };
      const key = JSON.stringify(metadata);
      if (partType !== "start" && partType !== "finish" && key === metadataSent) return undefined;
      metadataSent = key;
      return metadata;
    };
    const uiStream = toUIMessageStream<typeof tools, ThreadMessage>({
      stream: result.stream,
      tools,
      originalMessages: history,
      generateMessageId: () => answerMessageId,
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
            await runModel.visionShared();
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
            void runMcp.close();
            unregisterRun(turn.runId);
            markRecorded();
            // Followers end their streams once the run is recorded (follow-run-stream.ts).
            void sendRunSignal("stream", turn.runId).catch(() => undefined);
          }
        });
      },
    });
    // Recorded for followers (any instance) first; the caller is handed the same chunks.
    const persisted = persistRunStream(
      turn.runId,
      runMcp.withApprovals(withSourcesMetadata(withNoteProposals(endWithErrorChunk(uiStream, describeFailure)))),
    );
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
    await mcp?.close();
    unregisterRun(turn.runId);
    await closeRun({ runId: turn.runId, userId }, "failed", describeRunError(error));
    throw error;
  }
}
