import { sliceText, type SliceRequest, type TextSlice } from "@/lib/text/slice-text";
import { conversionFailureClause } from "@/lib/conversion/conversion-failure";
import { getDb } from "@/lib/db/client";
import { inScopeSql } from "@/lib/folders/scope-predicate";
import type { ChatScope } from "@/lib/threads/thread-scope";
import { resolveOriginalPath } from "@/lib/storage/layout";
import { documentTextSource } from "../document-text";
import { noteContentFound } from "../record-content-missing";
import { sliceTextFile } from "@/lib/storage/slice-text-file";

export type AgentDocumentSlice = ({ name: string } & TextSlice) | { error: string };

const ATTACH_HINT =
  'Ask the person to attach it to this chat ("attach to thread") if they want you to work with it another way.';

const missing = (name: string) => ({
  error: `The stored file of ${JSON.stringify(name)} is missing (or no longer the size that was recorded); it cannot be read.`,
});

/**
 * One slice of a shelf document's text for `read_project_document`. Reads the live row at
 * call time, so a document trashed after admission fails clearly instead of serving stale
 * bytes, and reads only the bytes of the slice (lib/storage/slice-text-file.ts). Every
 * outcome the model can act on is an `{error}`, never an exception.
 */
export async function readDocumentSliceForAgent({
  userId,
  projectId,
  scope,
  documentId,
  ...request
}: SliceRequest & {
  userId: string;
  projectId: string;
  scope: ChatScope | null;
  documentId: string;
}): Promise<AgentDocumentSlice> {
  const db = await getDb();
  // The ownership check and the chat's scope in one predicate: outside the scope is as absent
  // as another user's document, and gets the very same answer.
  const visible = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "project_document" d
    WHERE d.id = ${documentId} AND d."projectId" = ${projectId} AND d."userId" = ${userId}
      AND ${inScopeSql(scope, projectId)}`;
  const row =
    visible.length === 0 ? null : await db.projectDocument.findFirst({ where: { id: documentId, projectId, userId } });
  if (!row) {
    return {
      error: `No document with id ${JSON.stringify(documentId)} is on this project's shelf. Call list_project_documents to see the ids.`,
    };
  }
  if (row.trashedAt !== null) {
    return {
      error: `The document ${JSON.stringify(row.name)} (id ${row.id}) is no longer on the project's shelf: it was moved to the trash.`,
    };
  }
  const source = await documentTextSource({
    originalPath: await resolveOriginalPath(row),
    name: row.name,
    sizeBytes: row.sizeBytes,
    document: row,
  });
  await noteContentFound(row, source.kind === "content_missing");
  switch (source.kind) {
    case "content_missing":
      return missing(row.name);
    case "file": {
      const slice = await sliceTextFile({ textPath: source.textPath, sidecarPath: source.sidecarPath, ...request });
      return slice ? { name: row.name, ...slice } : missing(row.name);
    }
    case "text":
      return { name: row.name, ...sliceText(source.text, request) };
    case "conversion_disabled":
      return {
        error: `${JSON.stringify(row.name)} needs conversion to be read as text, and document conversion is turned off on this server. ${ATTACH_HINT}`,
      };
    case "unconvertible":
      return { error: `${JSON.stringify(row.name)} ${conversionFailureClause(source.reason)}. ${ATTACH_HINT}` };
    case "binary":
      return { error: `${JSON.stringify(row.name)} is a binary file and cannot be read as text. ${ATTACH_HINT}` };
  }
}
