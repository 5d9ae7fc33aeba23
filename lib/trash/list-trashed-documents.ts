import { readTrashPage } from "./read-trash-page";
import { sweepForTrashListing } from "./sweep";
import { toTrashedDocumentDto, type TrashPage } from "./trashed-document-dto";

export const TRASH_LIST_MAX_LIMIT = 1000;
export const TRASH_LIST_DEFAULT_LIMIT = 100;

/**
 * GET /api/trash/documents: the caller's trashed documents, most recently trashed first. The
 * lazy sweep runs first (sweep.ts), so nothing past its retention window is listed.
 */
export async function listTrashedDocuments({
  userId,
  limit,
  offset,
}: {
  userId: string;
  limit: number;
  offset: number;
}): Promise<TrashPage> {
  await sweepForTrashListing({ userId });
  const { rows, ...page } = await readTrashPage((tx) => tx.projectDocument, { userId, limit, offset });
  // contentMissing is the rows' recorded flag, which the sweep's reconciliation refreshes.
  const documents = rows.map((row) => toTrashedDocumentDto(row, page));
  return { documents, total: page.total, nextOffset: page.nextOffset, retentionDays: page.retentionDays };
}
