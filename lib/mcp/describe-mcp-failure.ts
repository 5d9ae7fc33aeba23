import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { addressRefusal } from "./address-policy";

// What a failed connection means for the person: the server's status and a readable last
// error. Header values never appear in these messages (the SDK's and undici's errors name
// the URL and the HTTP status, not the request's headers); long ones are cut.

export type McpFailure = {
  status: "needs_authorization" | "unreachable" | "refused";
  reason: "needs_authorization" | "unreachable" | "timeout" | "refused";
  message: string;
};

const MAX_MESSAGE = 300;

function rootMessage(error: unknown): string {
  let current: unknown = error;
  const messages: string[] = [];
  for (let depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message && !messages.includes(message)) messages.push(message);
    current = (current as { cause?: unknown }).cause;
  }
  return messages.join(": ") || "unknown error";
}

export function isTimeout(error: unknown): boolean {
  return (
    (error instanceof McpError && error.code === ErrorCode.RequestTimeout) ||
    (error instanceof Error && (error.name === "TimeoutError" || /timed? ?out/i.test(error.message)))
  );
}

export function describeMcpFailure(error: unknown): McpFailure {
  const refusal = addressRefusal(error);
  if (refusal) return { status: "refused", reason: "refused", message: refusal.message };
  if (error instanceof UnauthorizedError)
    return {
      status: "needs_authorization",
      reason: "needs_authorization",
      message: "The server asks for authorization.",
    };
  // The SDK meets a 401 by trying OAuth; when that fails the server wanted credentials it
  // did not get (a wrong header, or OAuth it does not really offer).
  if (error instanceof OAuthError)
    return {
      status: "unreachable",
      reason: "unreachable",
      message:
        `The server answered 401 Unauthorized, and OAuth with it failed (${error.errorCode}${error.message ? `: ${error.message}` : ""}). Check the connection's headers.`.slice(
          0,
          MAX_MESSAGE,
        ),
    };
  if (isTimeout(error))
    return { status: "unreachable", reason: "timeout", message: "The server did not answer in time." };
  const message = rootMessage(error);
  return {
    status: "unreachable",
    reason: "unreachable",
    message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message,
  };
}
