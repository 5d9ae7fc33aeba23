import { getDb } from "@/lib/db/client";
import { pageAt } from "@/lib/search/page-map";

/**
 * The 1-based page of a PDF's converted text that holds `offset`, from the page map its
 * indexing recorded (document_text.pageStarts); null for a document without pages, or one not
 * indexed yet.
 */
export async function pageOfOffset(documentId: string, offset: number): Promise<number | null> {
  const db = await getDb();
  const text = await db.documentText.findUnique({ where: { documentId }, select: { pageStarts: true } });
  return text && text.pageStarts.length > 0 ? pageAt(text.pageStarts, offset) : null;
}
