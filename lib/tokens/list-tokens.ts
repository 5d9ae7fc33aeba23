import { getDb } from "@/lib/db/client";
import { toTokenDto, type TokenDto } from "./token-dto";

/** The caller's tokens, newest first; expired ones stay listed (with their date) until deleted. */
export async function listTokens({ userId }: { userId: string }): Promise<TokenDto[]> {
  const db = await getDb();
  const tokens = await db.apiToken.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return tokens.map(toTokenDto);
}
