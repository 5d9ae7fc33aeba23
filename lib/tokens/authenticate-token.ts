import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { hashTokenSecret, looksLikeTokenSecret } from "./token-secret";

// lastUsedAt is written at most once a minute per token, so a busy script does not turn
// every read into a write.
const LAST_USED_GRANULARITY_MS = 60_000;

/** The user a live token belongs to, or null (unknown, deleted or expired alike). */
export async function authenticateToken(secret: string, now = new Date()): Promise<SessionUser | null> {
  if (!looksLikeTokenSecret(secret)) return null;
  const db = await getDb();
  const token = await db.apiToken.findUnique({
    where: { tokenHash: hashTokenSecret(secret) },
    include: { user: true },
  });
  if (!token || (token.expiresAt && token.expiresAt <= now)) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await db.apiToken.updateMany({ where: { id: token.id }, data: { lastUsedAt: now } });
  }
  return { id: token.user.id, email: token.user.email, name: token.user.name };
}
