import { getDb } from "@/lib/db/client";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { toDocumentDto, type DocumentDto } from "./document-dto";
import { isContentMissing } from "./is-content-missing";
import { noteContentFound } from "./record-content-missing";

/**
 * The wire shape of one row with `contentMissing` checked against the disk now (and recorded
 * on the row): for a single row a caller is about to hand back, such as a dedup hit. Listings
 * use the row's recorded flag instead (toDocumentDto).
 */
export async function describeDocument(row: ProjectDocument): Promise<DocumentDto> {
  const missing = await isContentMissing(row);
  await noteContentFound(row, missing);
  const folder = row.folderId
    ? await (
        await getDb()
      ).projectFolder.findFirst({ where: { id: row.folderId, userId: row.userId }, select: { path: true } })
    : null;
  return toDocumentDto({ ...row, contentMissing: missing, folderPath: folder?.path ?? null });
}
