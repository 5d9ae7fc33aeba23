import { createHash } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { passageTerms } from "./passage-terms";
import { splitPassages } from "./split-passages";
import { pdfPageStarts } from "./page-map";

/** The database client or a transaction: each write here is one statement. */
type SqlWriter = Pick<Tx, "$executeRaw">;

/** Bumped when splitting or analysis changes: documents indexed by an older version are indexed again. */
export const ANALYZER_VERSION = 2;

export interface PassageRow {
  seq: number;
  start: number;
  end: number;
  heading: string | null;
  page: number | null;
  body: string;
  terms: string;
  termCount: number;
  contentHash: string;
}

/** What an embedder is given for a passage: its heading, then its text. */
export function embeddingText(passage: { heading: string | null; body: string }): string {
  return passage.heading && !passage.body.startsWith(`#`) ? `${passage.heading}\n\n${passage.body}` : passage.body;
}

/**
 * A document's text as passage rows. `paged`: the text is a PDF's conversion, whose page
 * markers give each passage its page.
 */
export function passageRows(text: string, paged: boolean): { rows: PassageRow[]; pageStarts: number[] } {
  const pageStarts = paged ? pdfPageStarts(text) : [];
  const rows = splitPassages(text, pageStarts).map((passage) => {
    const embedded = embeddingText(passage);
    const { literal, termCount } = passageTerms(passage.heading ? `${passage.heading}\n${passage.body}` : passage.body);
    return {
      ...passage,
      terms: literal,
      termCount,
      contentHash: createHash("sha256").update(embedded).digest("hex"),
    };
  });
  return { rows, pageStarts };
}

/**
 * Writes rows [from, to) of a document's passages: an upsert keyed by (document, sequence), so
 * indexing again, or two instances indexing at once, leaves the same rows.
 */
export async function writePassages(tx: SqlWriter, documentId: string, rows: readonly PassageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (row) =>
      Prisma.sql`(${documentId}, ${row.seq}, ${row.start}, ${row.end}, ${row.heading}, ${row.page}, ${row.body}, ${row.terms}::tsvector, ${row.termCount}, ${row.contentHash})`,
  );
  await tx.$executeRaw`
    INSERT INTO "document_passage" ("documentId", seq, start, "end", heading, page, body, terms, "termCount", "contentHash")
    VALUES ${Prisma.join(values)}
    ON CONFLICT ("documentId", seq) DO UPDATE SET start = excluded.start, "end" = excluded."end", heading = excluded.heading,
      page = excluded.page, body = excluded.body, terms = excluded.terms, "termCount" = excluded."termCount",
      "contentHash" = excluded."contentHash"
    WHERE "document_passage"."contentHash" IS DISTINCT FROM excluded."contentHash"
      OR "document_passage".start IS DISTINCT FROM excluded.start OR "document_passage".page IS DISTINCT FROM excluded.page
      OR "document_passage".terms IS DISTINCT FROM excluded.terms`;
}

/** Removes passages past the document's last one (from a longer earlier version of the index). */
export async function removePassagesFrom(tx: SqlWriter, documentId: string, count: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM "document_passage" WHERE "documentId" = ${documentId} AND seq >= ${count}`;
}
