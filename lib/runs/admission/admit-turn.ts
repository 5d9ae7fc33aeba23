import { randomUUID } from "node:crypto";
import { generateId } from "ai";
import type { Tx } from "@/lib/db/client";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { AppError, notFound } from "@/lib/errors";
import type { ModelCatalog } from "@/lib/models/read-model-catalog";
import type { AttachedFile, ThreadMessage } from "@/lib/thread-messages/thread-message";
import { lockThreadForRun } from "./lock-thread-for-run";
import { prepareRunModel, type RunModel } from "./prepare-run-model";
import { recordAdmission } from "./record-admission";

// Admission (docs/architecture.md § "The path of a run", steps 2 and 3), in the transaction
// start-run.ts opens: the thread's lock, the model the run uses, the run and its message recorded,
// the project pinned and the history read. Refused (404, 409, 503, nothing to regenerate) before
// anything is written.

export type RunTrigger = { kind: "submit"; text: string; attachments?: string[] } | { kind: "regenerate" };

export interface AdmittedTurn {
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
export async function admitTurn(
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
