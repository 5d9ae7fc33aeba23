import { getDb } from "@/lib/db/client";
import { isContentMissing } from "@/lib/documents/is-content-missing";
import { recordContentMissing } from "@/lib/documents/record-content-missing";

const BATCH = 32;

/**
 * Rows → storage reconciliation for one user: every document row (live or trashed) whose
 * original is missing or not its recorded size is logged, counted and flagged
 * `contentMissing` on the row (a row whose file is back is cleared), which is what listings
 * report. Never deleted: the row is the user's only record that the document existed and
 * where it came from; the user decides (trash, then purge).
 */
export async function reportMissingContent({ userId }: { userId: string }): Promise<number> {
  const db = await getDb();
  const rows = await db.projectDocument.findMany({
    where: { userId },
    select: { id: true, userId: true, storedRelpath: true, sizeBytes: true, trashedAt: true, contentMissing: true },
  });
  let missing = 0;
  const found: { missing: string[]; present: string[] } = { missing: [], present: [] };
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const verdicts = await Promise.all(batch.map((row) => isContentMissing(row)));
    batch.forEach((row, i) => {
      if (verdicts[i] !== row.contentMissing) (verdicts[i] ? found.missing : found.present).push(row.id);
      if (!verdicts[i]) return;
      missing++;
      console.warn(
        `[sweep] document ${row.id} (${row.trashedAt ? "trashed" : "on a shelf"}) has no stored file of its recorded size; the row is kept and reported as content missing`,
      );
    });
  }
  await recordContentMissing(found.missing, true);
  await recordContentMissing(found.present, false);
  return missing;
}
