import { defaultErrorMessage } from "@/lib/errors";
import type { ApiErrorBody } from "./api";

/**
 * The server's own reason for refusing a request, to show as it is: the JSON error of a 4xx
 * (its message, or the first field issue's when the message is only the code's stock
 * sentence). Null for a 5xx, no answer, or nothing more specific than the code says; the UI
 * then shows its localized sentence for the code.
 */
export function serverReason(status: number, body: ApiErrorBody | null | undefined): string | null {
  if (status < 400 || status >= 500 || !body) return null;
  const message = typeof body.message === "string" ? body.message.trim() : "";
  if (message && message !== defaultErrorMessage(body.code)) return message;
  const first: unknown = Array.isArray(body.details) ? body.details[0] : undefined;
  const issue =
    first && typeof first === "object" && "message" in first && typeof first.message === "string"
      ? first.message.trim()
      : "";
  return issue || null;
}
