// The stub model's wire types, shared by both sides that script it: the integration tier in
// process (tests/support/stub-model-server.ts) and the e2e tier over HTTP
// (e2e/support/stub-model.ts), so a turn or a recorded request means the same to both.
// Types only: nothing here runs.

export interface StubToolCall {
  /** Defaults to `call_<n>`. */
  id?: string;
  name: string;
  /** An object is sent as its JSON; a string is sent as is (to test malformed arguments). */
  arguments?: unknown;
}

/** How a streamed turn ends, when a test needs to act at its end or see it fail. */
export interface EndingOptions {
  /** Wait at this gate before the last piece (a tool call is not complete until released). */
  holdBeforeLast?: string;
  /** Send this many pieces, then drop the connection without finishing the stream. */
  failAfter?: number;
}

/** One scripted answer, as POST /__script takes it (`turns`, `defaultTurn`, `nonStreamingTurn`). */
export type ScriptedTurn =
  | ({
      type: "text";
      text: string;
      /** Explicit streaming chunks; by default the text is streamed word by word. */
      chunks?: string[];
      /** Pause before each chunk after the first, so tests can watch streaming or stop mid-way. */
      delayMs?: number;
      /**
       * Hold after the first chunk until the test releases this gate: explicit
       * synchronisation instead of a long delay. A client that hangs up while held is
       * recorded as aborted at once. A non-streaming reply is held whole before it is sent
       * (the summary call, while the thread page says it is summarising).
       */
      gate?: string;
    } & EndingOptions)
  | ({ type: "tool-calls"; calls: StubToolCall[]; delayMs?: number } & EndingOptions)
  | { type: "error"; status: number; message: string };

/** The fields of a completion request's body that tests read. */
export interface CompletionBody {
  model?: string;
  stream?: boolean;
  tools?: unknown[];
  messages?: { role: string; content: unknown }[];
}

/**
 * One request to `/v1/*`, as recorded (GET /__requests). `Body` is what a test takes the
 * body to be: unknown in process, where each test narrows it; the completion fields over HTTP.
 */
export interface RecordedRequest<Body = unknown> {
  method: string;
  path: string;
  body: Body;
  receivedAt: string;
  /** `aborted` when the client went away before the reply finished (a stopped run);
   * `failed` when the stub dropped the connection on purpose (`failAfter`). */
  outcome: "pending" | "completed" | "aborted" | "failed";
}
