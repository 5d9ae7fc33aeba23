import type { Tx } from "@/lib/db/client";
import { insertFolder } from "./create-folder";
import { folderNameKey } from "./folder-rules";

/**
 * The folder at `names` (already normalised, from the root) in this project, made where
 * missing: an upload of `a/b/c.txt` lands in `a/b` whether or not it existed. An existing
 * folder matches its name case-insensitively, as the uniqueness rule does. The caller holds the
 * project's lock, so two uploads into one new folder make it once. Null for no names: the root.
 */
export async function ensureFolderPath(
  tx: Tx,
  { userId, projectId, names }: { userId: string; projectId: string; names: readonly string[] },
): Promise<{ id: string; path: string } | null> {
  let folder: { id: string; path: string } | null = null;
  let parentId: string | null = null;
  for (const name of names) {
    const existing: { id: string; path: string } | null = await tx.projectFolder.findFirst({
      where: { projectId, userId, parentId, nameKey: folderNameKey(name) },
      select: { id: true, path: true },
    });
    folder = existing ?? (await insertFolder(tx, { userId, projectId, name, parentId }));
    parentId = folder.id;
  }
  return folder;
}
