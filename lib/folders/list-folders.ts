import { getDb } from "@/lib/db/client";
import { requireOwnedProject } from "@/lib/projects/require-owned-project";
import { toFolderDto, type FolderDto } from "./folder-dto";

/** GET /api/projects/{id}/folders: every folder of an owned project (active or archived), in path order. */
export async function listFolders({ userId, projectId }: { userId: string; projectId: string }): Promise<FolderDto[]> {
  const db = await getDb();
  await requireOwnedProject(db, { projectId, userId, scope: "any" });
  const rows = await db.projectFolder.findMany({
    where: { projectId, userId },
    select: { id: true, projectId: true, parentId: true, name: true, path: true, createdAt: true },
  });
  return rows
    .sort((a, b) => a.path.toLowerCase().localeCompare(b.path.toLowerCase()) || a.id.localeCompare(b.id))
    .map(toFolderDto);
}
