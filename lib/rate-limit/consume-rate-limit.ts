import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";

// A fixed-window counter in the shared rate_limit table (the one better-auth's database
// storage uses), so every instance behind a load balancer spends the same budget. One
// statement per attempt: the insert-or-increment is atomic in the database, never a
// read-then-write that two instances could both pass.

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds until the window resets (0 when allowed). */
  retryAfterSeconds: number;
}

export async function consumeRateLimit(key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitDecision> {
  const db = await getDb();
  const windowStart = BigInt(now - rule.windowMs);
  // lastRequest is the window's start here: a row older than one window starts a new one.
  const [row] = await db.$queryRaw<{ count: number; lastRequest: bigint }[]>`
    INSERT INTO rate_limit (id, key, count, "lastRequest") VALUES (${randomUUID()}, ${key}, 1, ${BigInt(now)})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit."lastRequest" <= ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
      "lastRequest" = CASE WHEN rate_limit."lastRequest" <= ${windowStart} THEN ${BigInt(now)} ELSE rate_limit."lastRequest" END
    RETURNING count, "lastRequest"`;
  if (!row || row.count <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  const resetsAt = Number(row.lastRequest) + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now) / 1000)) };
}

/** Counters of a key family whose window ended long ago; keeps per-email keys from piling up. */
export async function pruneRateLimits(prefix: string, olderThanMs: number, now = Date.now()): Promise<void> {
  const db = await getDb();
  await db.rateLimit.deleteMany({
    where: { key: { startsWith: prefix }, lastRequest: { lt: BigInt(now - olderThanMs) } },
  });
}
