import { getDb } from "@/lib/db/client";
import { nextOffset } from "@/lib/http/paging";
import { recentlyUpdatedFirst } from "@/lib/db/recently-updated-first";

export interface AgentShelfPage {
  total: number;
  offset: number;
  nextOffset: number | null;
  documents: { id: string; name: string; sizeBytes: number; updatedAt: string }[];
}

/**
 * The `list_project_documents` page: live rows of the pinned project, in the index's own
 * order, so "…and 7 more" continues exactly where the index stopped. The project id comes
 * from the run's pinned context (resolved owner-scoped at admission), never from the model.
 */
export async function listShelfForAgent({
  userId,
  projectId,
  offset,
  limit,
}: {
  userId: string;
  projectId: string;
  offset: number;
  limit: number;
}): Promise<AgentShelfPage> {
  const db = await getDb();
  const where = { projectId, userId, trashedAt: null };
  const [total, rows] = await db.$transaction([
    db.projectDocument.count({ where }),
    db.projectDocument.findMany({
      where,
      // The shelf's default order, the one the pinned index shows.
      orderBy: recentlyUpdatedFirst(),
      skip: offset,
      take: limit,
      select: { id: true, name: true, sizeBytes: true, updatedAt: true },
    }),
  ]);
  return {
    total,
    offset,
    nextOffset: nextOffset(offset, rows.length, total),
    documents: rows.map((row) => ({
      id: row.id,
      name: row.name,
      sizeBytes: Number(row.sizeBytes),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}
