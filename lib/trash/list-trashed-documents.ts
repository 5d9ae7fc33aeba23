import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { nextOffset } from "@/lib/http/paging";
import { sweepForTrashListing } from "./sweep";
import { activeOriginProjectIds } from "./trash-origin";
import { toTrashedDocumentDto, type TrashPage } from "./trashed-document-dto";

export const TRASH_LIST_MAX_LIMIT = 1000;
export const TRASH_LIST_DEFAULT_LIMIT = 100;

/**
 * GET /api/trash/documents: the caller's trash, most recently trashed first. The lazy sweep
 * runs first (sweep.ts), so nothing past its retention window is listed. Count, page and the origins'
 * availability come from one transaction so they agree with each other.
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
  const { rows, total, activeProjectIds } = await transaction(async (tx) => {
    const where = { userId, trashedAt: { not: null } };
    const total = await tx.projectDocument.count({ where });
    const rows = await tx.projectDocument.findMany({
      where,
      orderBy: [{ trashedAt: "desc" }, { id: "asc" }],
      skip: offset,
      take: limit,
    });
    return { rows, total, activeProjectIds: await activeOriginProjectIds(tx, userId, rows) };
  });
  const retentionDays = config().trashRetentionDays;
  // contentMissing is the rows' recorded flag, which the sweep's reconciliation refreshes.
  const documents = rows.map((row) =>
    toTrashedDocumentDto({ ...row, trashedAt: row.trashedAt! }, { activeProjectIds, retentionDays }),
  );
  return { documents, total, nextOffset: nextOffset(offset, documents.length, total), retentionDays };
}
