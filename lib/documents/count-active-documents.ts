import type { Db, Tx } from "@/lib/db/client";

// A project's documentCount. There is no Prisma relation to count through: documents carry
// no foreign key to their project (they outlive it in the trash), so this groups by hand.

export async function countActiveDocuments(db: Db | Tx, { userId, projectIds }: { userId: string; projectIds: readonly string[] }): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const groups = await db.projectDocument.groupBy({
    by: ["projectId"],
    where: { projectId: { in: [...projectIds] }, userId, trashedAt: null },
    _count: { _all: true },
  });
  return new Map(groups.map((group) => [group.projectId, group._count._all]));
}

export async function countActiveDocumentsOf(db: Db | Tx, { userId, projectId }: { userId: string; projectId: string }): Promise<number> {
  return (await countActiveDocuments(db, { userId, projectIds: [projectId] })).get(projectId) ?? 0;
}
