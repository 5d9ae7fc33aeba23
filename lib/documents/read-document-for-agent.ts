import { getDb } from "@/lib/db/client";
import { resolveOriginalPath } from "@/lib/storage/layout";
import { readDocumentText } from "./document-text";

export type AgentDocumentText = { name: string; text: string } | { error: string };

const ATTACH_HINT = "Ask the person to attach it to this chat (\"attach to thread\") if they want you to work with it another way.";

/**
 * The text of one shelf document for `read_project_document`. Reads the live row at call
 * time, so a document trashed after admission fails clearly instead of serving stale bytes.
 * Every outcome the model can act on is an `{error}`, never an exception.
 */
export async function readDocumentForAgent({ userId, projectId, documentId }: { userId: string; projectId: string; documentId: string }): Promise<AgentDocumentText> {
  const db = await getDb();
  const row = await db.projectDocument.findFirst({ where: { id: documentId, projectId, userId } });
  if (!row) {
    return { error: `No document with id ${JSON.stringify(documentId)} is on this project's shelf. Call list_project_documents to see the ids.` };
  }
  if (row.trashedAt !== null) {
    return { error: `The document ${JSON.stringify(row.name)} (id ${row.id}) is no longer on the project's shelf: it was moved to the trash.` };
  }
  const result = await readDocumentText({ originalPath: await resolveOriginalPath(row), name: row.name, sizeBytes: row.sizeBytes });
  switch (result.kind) {
    case "content_missing":
      return { error: `The stored file of ${JSON.stringify(row.name)} is missing (or no longer the size that was recorded); it cannot be read.` };
    case "text":
      return { name: row.name, text: result.text };
    case "conversion_disabled":
      return { error: `${JSON.stringify(row.name)} needs conversion to be read as text, and document conversion is turned off on this server. ${ATTACH_HINT}` };
    case "unconvertible":
      return { error: `${JSON.stringify(row.name)} could not be converted to text; the file may be damaged or in an unsupported variant. ${ATTACH_HINT}` };
    case "binary":
      return { error: `${JSON.stringify(row.name)} is a binary file and cannot be read as text. ${ATTACH_HINT}` };
  }
}
