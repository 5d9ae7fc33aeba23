import type { ChatTransport, UIMessageChunk } from "ai";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { cancelRunAction, startRunAction } from "@/lib/endpoints/run-actions";
import { ApiError } from "@/lib/client/api";
import { followRun } from "@/lib/client/follow-run";
import { RunStartError } from "./run-start-error";

type SendOptions = Parameters<ChatTransport<ThreadMessage>["sendMessages"]>[0];
type ReconnectOptions = Parameters<ChatTransport<ThreadMessage>["reconnectToStream"]>[0];

/**
 * useChat over the server actions instead of a route handler. The server is authoritative
 * about history, so only the new user turn (its text and the names of files already
 * uploaded to the thread) or a regenerate request crosses the wire.
 */
export class ActionTransport implements ChatTransport<ThreadMessage> {
  /** The run being streamed, once the server has started it. */
  private runId: string | null = null;
  /** Stop was asked for before the server said which run it started. */
  private stopWanted = false;
  /** A followed run's stream replays it from its start, so useChat starts the message afresh. */
  readonly resumeStreamIsReplay = true;

  /** `runToFollow`: a reply in progress when the page opened (or found later: follow()), followed once by reconnectToStream. */
  constructor(
    private readonly threadId: string,
    private runToFollow: string | null = null,
  ) {}

  /**
   * A reply found running after the page opened (started in another tab or over the API):
   * the next reconnectToStream, which useChat's resumeStream() asks for, follows it.
   */
  follow(runId: string): void {
    this.runToFollow = runId;
  }

  /**
   * Stop, honestly: the server stops the run and ends the stream where it stopped, and the
   * client keeps reading to that end, so the reply on screen is exactly what the server
   * stored (it stores what it streamed; lib/runs/stream/deliver-run-stream.ts). Aborting the local
   * read instead would drop text already sent and stored. Asked before the server has named
   * the run, the stop is sent the moment it does.
   */
  stop(): void {
    if (this.runId) void cancelRunAction(this.runId).catch(() => undefined);
    else this.stopWanted = true;
  }

  async sendMessages({ messages, trigger, abortSignal }: SendOptions): Promise<ReadableStream<UIMessageChunk>> {
    const request = trigger === "regenerate-message" ? { regenerate: true as const } : { message: newTurn(messages) };
    this.runId = null;
    this.stopWanted = false;
    const result = await startRunAction(this.threadId, request).catch((error: unknown) => {
      // The action's own request failed (offline, server restarting). Treated as not started,
      // so the draft comes back instead of being lost.
      console.warn("[chat] startRunAction failed", error);
      throw new RunStartError("network", "The server could not be reached.");
    });
    if (!result.ok) throw RunStartError.fromBody(result.error);

    // Next posts actions with a fetch that has no abort signal, so stopping the local
    // stream alone would leave the model running (and billing) on the server.
    const { runId } = result;
    this.runId = runId;
    const cancel = () => void cancelRunAction(runId).catch(() => undefined);
    if (abortSignal?.aborted || this.stopWanted) cancel();
    else abortSignal?.addEventListener("abort", cancel, { once: true });
    return result.stream.pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        flush: () => {
          if (this.runId === runId) this.runId = null;
        },
      }),
    );
  }

  /**
   * A reply that was in progress when the page opened (a reload, another tab, another
   * instance): its stream from the start, then live to its end (lib/client/follow-run.ts).
   * The run goes on without the page that started it (startRunAction), so Stop here is the
   * same honest Stop: the server stops the run wherever it streams, and the page reads on
   * to where it stopped. Nothing to follow (none in progress, or it is gone): null.
   */
  async reconnectToStream({ abortSignal }: ReconnectOptions): Promise<ReadableStream<UIMessageChunk> | null> {
    const runId = this.runToFollow;
    this.runToFollow = null;
    if (!runId) return null;
    this.runId = runId;
    this.stopWanted = false;
    let stream: ReadableStream<UIMessageChunk>;
    try {
      stream = await followRun(this.threadId, runId, abortSignal);
    } catch (error) {
      if (this.runId === runId) this.runId = null;
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
    return stream.pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        flush: () => {
          if (this.runId === runId) this.runId = null;
        },
      }),
    );
  }
}

function newTurn(messages: ThreadMessage[]): { text: string; attachments?: string[] } {
  const last = messages.at(-1);
  if (!last || last.role !== "user") throw new RunStartError("bad_request", "There is no new message to send.");
  const text = last.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  const attachments = last.metadata?.attachments?.map((file) => file.filename);
  return attachments?.length ? { text, attachments } : { text };
}
