import { ApiError } from "@/lib/client/api";

/** A failure worth retrying as is: the server said so (a file it could not remove), or no answer came. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.body.retryable === true || error.status === 0);
}
