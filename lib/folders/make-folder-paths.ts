import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { ensureFolderPath } from "./ensure-folder-path";

/**
 * Makes each folder path (names from the root, normalised) on an active owned shelf where it is
 * missing, in one transaction under the project's lock: an import's folders, empty ones included.
 */
export async function makeFolderPaths({
  userId,
  projectId,
  paths,
}: {
  userId: string;
  projectId: string;
  paths: readonly (readonly string[])[];
}): Promise<void> {
  if (paths.length === 0) return;
  await transaction(async (tx) => {
    if (!(await lockOwnedProject(tx, { projectId, userId, scope: "active" }))) throw notFound();
    for (const names of paths) await ensureFolderPath(tx, { userId, projectId, names });
  });
}
