import { getDb } from "@/lib/db/client";
import { isContentMissing } from "@/lib/documents/is-content-missing";

const BATCH = 32;

/**
 * Rows → storage reconciliation for one user: every document row (live or trashed) whose
 * original is missing or not its recorded size is logged and counted. Never deleted: the row
 * is the user's only record that the document existed and where it came from. Listings
 * already report such rows as `contentMissing`; the user decides (trash, then purge).
 */
export async function reportMissingContent({ userId }: { userId: string }): Promise<number> {
  const db = await getDb();
  const rows = await db.projectDocument.findMany({
    where: { userId },
    select: { id: true, userId: true, storedRelpath: true, sizeBytes: true, trashedAt: true },
  });
  let missing = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const verdicts = await Promise.all(batch.map((row) => isContentMissing(row)));
    batch.forEach((row, i) => {
      if (!verdicts[i]) return;
      missing++;
      console.warn(
        `[sweep] document ${row.id} (${row.trashedAt ? "trashed" : "on a shelf"}) has no stored file of its recorded size; the row is kept and reported as content missing`,
      );
    });
  }
  return missing;
}
