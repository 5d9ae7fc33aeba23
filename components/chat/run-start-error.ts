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
}
