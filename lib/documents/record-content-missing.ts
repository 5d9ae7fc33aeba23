import { getDb, type Db, type Tx } from "@/lib/db/client";

/**
 * Keeps `project_document.contentMissing` in line with what a check of the stored original
 * just found: set when a read or reconciliation finds the file gone (or not its recorded
 * size), cleared when it is found intact again. Listings report the flag and never stat
 * files themselves. Raw SQL, not a Prisma update: the flag is not a change of the document,
 * so `updatedAt` (and with it the shelf's order) stays. Only rows whose flag differs are
 * written. Best-effort outside a transaction: failing to record a report must not fail the
 * read that made it.
 */
export async function recordContentMissing(ids: readonly string[], missing: boolean, tx?: Tx): Promise<void> {
  if (ids.length === 0) return;
  const write = async (client: Db | Tx) => {
    await client.$executeRaw`
      UPDATE "project_document" SET "contentMissing" = ${missing}
      WHERE id = ANY(${[...ids]}::text[]) AND "contentMissing" <> ${missing}`;
  };
  if (tx) return write(tx);
  try {
    await write(await getDb());
  } catch (error) {
    console.warn(`[documents] could not record a document's missing content (${(error as Error).message})`);
  }
}

/** What a read of one row found, recorded only when it differs from the row's flag. */
export async function noteContentFound(
  row: { id: string; contentMissing: boolean },
  missing: boolean,
  tx?: Tx,
): Promise<void> {
  if (row.contentMissing !== missing) await recordContentMissing([row.id], missing, tx);
}
