import "server-only";
import { AppError } from "@/lib/errors";
import { getAuth } from "./auth";
import { readValidSession } from "./read-valid-session";
import type { SessionUser } from "./session-user";

export type { SessionUser } from "./session-user";

export async function findSessionUser(headers: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  // A valid session that needs nothing from better-auth is read directly (read-valid-session.ts).
  const valid = await readValidSession(auth, headers);
  if (valid) return valid;
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

export async function requireSessionUser(headers: Headers): Promise<SessionUser> {
  const user = await findSessionUser(headers);
  if (!user) throw new AppError("unauthorized");
  return user;
}
