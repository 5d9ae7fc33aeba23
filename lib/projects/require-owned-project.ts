import type { Db, Tx } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

// A non-locking ownership read for the shelf's read paths (list, conversation files) and the
// uploads' early refusal. Mutations re-check under lockOwnedProject inside their transaction.

export async function requireOwnedProject(
  db: Db | Tx,
  { projectId, userId, scope }: { projectId: string; userId: string; scope: "active" | "any" },
): Promise<{ id: string; name: string }> {
  const project = await db.project.findFirst({
    where: { id: projectId, userId, ...(scope === "active" ? { status: "active" as const } : {}) },
    select: { id: true, name: true },
  });
  if (!project) throw notFound();
  return project;
}
