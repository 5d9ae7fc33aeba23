import type { ErrorBody } from "@/lib/http/error-response";

/**
 * A run the server refused to start (`ok: false` from startRunAction): no stream exists and
 * nothing was saved. The code lets the UI pick a localized sentence (409 conflict, no model).
 */
export class RunStartError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = "RunStartError";
    this.code = code;
  }

  /**
   * From the action's error body, which is the API's (a 422 says "Some fields are invalid."
   * with one detail per problem): the message is the first detail's sentence when there is
   * one ("The message is empty.", "Text cannot contain a NUL character."), else the body's.
   */
  static fromBody({ code, message, details }: ErrorBody["error"]): RunStartError {
    const first: unknown = Array.isArray(details) ? details[0] : undefined;
    const detail =
      first && typeof first === "object" && "message" in first && typeof first.message === "string"
        ? first.message
        : null;
    return new RunStartError(code, detail ?? message);
  }
}
