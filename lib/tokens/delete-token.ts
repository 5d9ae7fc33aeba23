import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

/** Revokes at once: the next request with the secret finds no row. */
export async function deleteToken({ userId, tokenId }: { userId: string; tokenId: string }): Promise<void> {
  const db = await getDb();
  const { count } = await db.apiToken.deleteMany({ where: { id: tokenId, userId } });
  if (count === 0) throw notFound();
}
