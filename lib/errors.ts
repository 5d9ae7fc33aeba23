// One error type for the whole server, one code → status table (the HTTP contract's error shape).

export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden_origin: 403,
  not_found: 404,
  content_missing: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

const defaultMessages: Record<ErrorCode, string> = {
  bad_request: "The request is malformed.",
  unauthorized: "Sign in to continue.",
  forbidden_origin: "This request did not come from the app's own pages.",
  not_found: "Not found.",
  content_missing: "The stored file is missing.",
  conflict: "The request conflicts with the current state.",
  payload_too_large: "The upload is larger than the limit.",
  unsupported_media_type: "Send the request body as application/json.",
  validation_failed: "Some fields are invalid.",
  internal: "Something went wrong on our side.",
  unavailable: "The service is unavailable.",
};

/** The sentence an error of `code` carries when the server said nothing more specific. */
export function defaultErrorMessage(code: string): string | undefined {
  return Object.hasOwn(defaultMessages, code) ? defaultMessages[code as ErrorCode] : undefined;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message?: string, options: { details?: unknown; retryable?: boolean } = {}) {
    super(message ?? defaultMessages[code]);
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
    this.retryable = options.retryable ?? false;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** A 422 naming the field and why, in the same shape zod failures produce. */
export function validationError(field: string, message: string): AppError {
  return new AppError("validation_failed", message, { details: [{ path: field, message }] });
}

export function notFound(): AppError {
  return new AppError("not_found");
}
