import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/prisma-errors";
import { ANALYZER_VERSION, passageRows, removePassagesFrom, writePassages } from "@/lib/search/index-passages";
import { resolveOriginalPath } from "@/lib/storage/layout";
import { readDocumentText } from "./document-text";
import { noteContentFound } from "./record-content-missing";

/**
 * Passages per statement: each batch is its own short statement, so other requests interleave.
 * On PGlite a statement holds the server's thread while it runs, and every other request's
 * query waits behind it.
 */
const BATCH_PASSAGES = 8;

/** The first `maxChars` code points of a text, and whether it was longer. */
function cutAt(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  let unit = 0;
  for (let chars = 0; chars < maxChars && unit < text.length; chars++) unit += text.codePointAt(unit)! > 0xffff ? 2 : 1;
  return { text: text.slice(0, unit), truncated: unit < text.length };
}

/**
 * Indexes a document for search (lib/search): its passages, then document_text as the
 * "complete" mark with the analyzer's version, the passage count and, for a PDF, where each
 * page starts. Reads the same text the read tools get: its own text, or its converted Markdown
 * through the derived/converted.md cache. A document with no text form (binary, conversion off
 * or failed, file missing) is marked with nothing indexed, so it is not retried on every start.
 * Idempotent: passages are keyed by (document, sequence) and written by upsert; a document
 * indexed by the current version is skipped. A document purged meanwhile ends it quietly.
 */
export async function indexDocumentText(documentId: string): Promise<void> {
  const db = await getDb();
  const row = await db.projectDocument.findFirst({
    where: { id: documentId, OR: [{ text: null }, { text: { analyzerVersion: { lt: ANALYZER_VERSION } } }] },
  });
  if (!row) return;
  const result = await readDocumentText({
    originalPath: await resolveOriginalPath(row),
    name: row.name,
    sizeBytes: row.sizeBytes,
    document: row,
  });
  await noteContentFound(row, result.kind === "content_missing");
  const { text, truncated } =
    result.kind === "text" ? cutAt(result.text, config().searchIndexMaxChars) : { text: "", truncated: false };
  const paged = result.kind === "text" && result.converted && /\.pdf$/i.test(row.name);
  const { rows, pageStarts } = passageRows(text, paged);
  try {
    for (let i = 0; i < rows.length; i += BATCH_PASSAGES)
      await writePassages(db, documentId, rows.slice(i, i + BATCH_PASSAGES));
    await removePassagesFrom(db, documentId, rows.length);
    const mark = {
      indexedChars: [...text].length,
      truncated,
      pageStarts,
      analyzerVersion: ANALYZER_VERSION,
      passageCount: rows.length,
      indexedAt: new Date(),
    };
    await db.documentText.upsert({ where: { documentId }, create: { documentId, ...mark }, update: mark });
  } catch (error) {
    if (isForeignKeyViolation(error)) return; // purged while indexing
    throw error;
  }
}
