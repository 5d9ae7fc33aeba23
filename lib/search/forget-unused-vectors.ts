import type { Tx } from "@/lib/db/client";

// Vectors are keyed by owner and content, not by document, so several documents may share one.
// When a document is purged, the vectors of its passages go too unless another of the owner's
// passages still has that content: nothing derived from a purged text outlives it.

/** The content hashes of these documents' passages, read before the documents are deleted. */
export async function passageHashesOf(tx: Tx, documentIds: readonly string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<{ contentHash: string }[]>`
    SELECT DISTINCT "contentHash" FROM "document_passage" WHERE "documentId" = ANY(${[...documentIds]}::text[])`;
  return rows.map((row) => row.contentHash);
}

/** Deletes the owner's vectors and embedding failures of these contents that no passage of theirs holds any more. */
export async function forgetUnusedVectors(tx: Tx, userId: string, contentHashes: readonly string[]): Promise<void> {
  if (contentHashes.length === 0) return;
  const unused = (table: "passage_embedding" | "embedding_failure") =>
    tx.$executeRawUnsafe(
      `DELETE FROM "${table}" e WHERE e."userId" = $1 AND e."contentHash" = ANY($2::text[])
       AND NOT EXISTS (SELECT 1 FROM "document_passage" p JOIN "project_document" d ON d.id = p."documentId"
                       WHERE p."contentHash" = e."contentHash" AND d."userId" = e."userId")`,
      userId,
      [...contentHashes],
    );
  await unused("passage_embedding");
  await unused("embedding_failure");
}
