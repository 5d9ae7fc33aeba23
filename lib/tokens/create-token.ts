import { getDb } from "@/lib/db/client";
import type { CreateTokenInput } from "./token-fields";
import { toTokenDto, type TokenDto } from "./token-dto";
import { newTokenSecret } from "./token-secret";

const DAY_MS = 86_400_000;

/** The secret is returned here and nowhere else: only its hash is kept. */
export async function createToken({
  userId,
  name,
  expiresInDays,
}: CreateTokenInput & { userId: string }): Promise<{ token: TokenDto; secret: string }> {
  const db = await getDb();
  const { secret, prefix, hash } = newTokenSecret();
  const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * DAY_MS) : null;
  const token = await db.apiToken.create({ data: { userId, name, prefix, tokenHash: hash, expiresAt } });
  return { token: toTokenDto(token), secret };
}
