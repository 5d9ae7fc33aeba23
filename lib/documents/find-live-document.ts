import { getDb } from "@/lib/db/client";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { requireOwnedProject } from "./owned-project";

/** A live (not trashed) document of an owned project, active or archived; 404 otherwise. */
export async function findLiveDocumentOrThrow({ userId, projectId, documentId }: { userId: string; projectId: string; documentId: string }): Promise<ProjectDocument> {
  const db = await getDb();
  await requireOwnedProject(db, { projectId, userId, scope: "any" });
  const row = await db.projectDocument.findFirst({ where: { id: documentId, projectId, userId, trashedAt: null } });
  if (!row) throw notFound();
  return row;
}
