import { transaction } from "@/lib/db/client";
import { nextOffset } from "@/lib/http/paging";
import { describeDocument } from "./describe-document";
import type { DocumentPage } from "./document-dto";
import { requireOwnedProject } from "@/lib/projects/require-owned-project";

export const DOCUMENT_LIST_MAX_LIMIT = 1000;
export const DOCUMENT_LIST_DEFAULT_LIMIT = 100;

/** The shelf's own order, shared by the list, the admission snapshot and the list tool. */
export const SHELF_ORDER = [{ updatedAt: "desc" as const }, { id: "asc" as const }];

/**
 * GET /api/projects/{id}/documents: live rows of an owned project, active or archived
 * (archived shelves stay readable). Count and page come from one transaction so `total`
 * and the page agree.
 */
export async function listDocuments({ userId, projectId, limit, offset }: { userId: string; projectId: string; limit: number; offset: number }): Promise<DocumentPage> {
  const { rows, total } = await transaction(async (tx) => {
    await requireOwnedProject(tx, { projectId, userId, scope: "any" });
    const where = { projectId, userId, trashedAt: null };
    const total = await tx.projectDocument.count({ where });
    const rows = await tx.projectDocument.findMany({ where, orderBy: SHELF_ORDER, skip: offset, take: limit });
    return { rows, total };
  });
  const documents = await Promise.all(rows.map(describeDocument));
  return { documents, total, nextOffset: nextOffset(offset, documents.length, total) };
}
