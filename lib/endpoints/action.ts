import { headers } from "next/headers";
import { requireSessionUser, type SessionUser } from "@/lib/auth/session";
import { errorBody, toAppError, type ErrorBody } from "@/lib/http/error-response";

// The server actions' counterpart of authedRoute: session → body → error mapping through the
// same table. An action cannot answer with a status, so a failure comes back as a value the
// client can branch on, in the same shape as an HTTP error body (code, message, details).

export type ActionFailure = { ok: false } & ErrorBody;

export async function authedAction<Result extends { ok: boolean }>(
  name: string,
  body: (user: SessionUser) => Promise<Result>,
): Promise<Result | ActionFailure> {
  try {
    const user = await requireSessionUser(await headers());
    return await body(user);
  } catch (error) {
    return { ok: false, ...errorBody(toAppError(error, `action ${name}`)) };
  }
}
