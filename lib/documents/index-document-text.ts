import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/prisma-errors";
import { resolveOriginalPath } from "@/lib/storage/layout";
import { readDocumentText } from "./document-text";
import { noteContentFound } from "./record-content-missing";
import { chunkText } from "./search-text";

/**
 * Chunks per insert: each batch is its own short statement, so other requests interleave. On
 * PGlite a statement holds the server's thread while it runs, and every other request's query
 * waits behind it: five 4,000-character chunks, with their folded copies and two trigram
 * indexes, take ≈ 20–35 ms there (25 took 80–170 ms).
 */
const BATCH_CHUNKS = 5;

/**
 * Fills a document's search text (tables document_text_chunk, then document_text as the
 * "complete" mark) from the same text the read tools get: its own text, or its converted
 * Markdown through the derived/converted.md cache. A document with no text form (binary,
 * conversion off or failed, file missing) is marked with nothing indexed, so it is not
 * retried on every start. Idempotent: already-indexed documents are skipped, and a partial
 * run is replaced. A document purged meanwhile ends it quietly (its chunks go with it).
 */
export async function indexDocumentText(documentId: string): Promise<void> {
  const db = await getDb();
  const row = await db.projectDocument.findFirst({ where: { id: documentId, text: null } });
  if (!row) return;
  const result = await readDocumentText({
    originalPath: await resolveOriginalPath(row),
    name: row.name,
    sizeBytes: row.sizeBytes,
    document: row,
  });
  await noteContentFound(row, result.kind === "content_missing");
  const { chunks, indexedChars, truncated } =
    result.kind === "text"
      ? chunkText(result.text, config().searchIndexMaxChars)
      : { chunks: [], indexedChars: 0, truncated: false };
  try {
    await db.documentTextChunk.deleteMany({ where: { documentId } });
    for (let i = 0; i < chunks.length; i += BATCH_CHUNKS) {
      await db.documentTextChunk.createMany({
        data: chunks.slice(i, i + BATCH_CHUNKS).map((chunk) => ({ documentId, ...chunk })),
      });
    }
    await db.documentText.upsert({
      where: { documentId },
      create: { documentId, indexedChars, truncated },
      update: { indexedChars, truncated },
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return; // purged while indexing
    throw error;
  }
}
