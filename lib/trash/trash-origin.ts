import { z } from "zod";
import type { Tx } from "@/lib/db/client";

// `trashOrigin` is a JSON column written by trash and project delete. It is read back
// through a schema, so a malformed value degrades to "origin unknown" instead of a crash.

// `folderId`: the shelf folder the document sat in (absent for rows trashed at the root or
// before folders existed); restore puts it back there while that folder exists.
const originSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  folderId: z.string().nullish(),
});

export type TrashOrigin = z.infer<typeof originSchema>;

/** The recorded origin; when unreadable, the row's own projectId (unchanged by trashing) and no name. */
export function readTrashOrigin(row: { projectId: string; trashOrigin: unknown }): TrashOrigin {
  const parsed = originSchema.safeParse(row.trashOrigin);
  return parsed.success ? parsed.data : { projectId: row.projectId, projectName: "" };
}

/**
 * Which of these trashed rows' origin projects are the user's and active (a row can be restored
 * into its origin only then), read inside the listing's transaction so it agrees with the page.
 */
export async function activeOriginProjectIds(
  tx: Tx,
  userId: string,
  rows: readonly { projectId: string; trashOrigin: unknown }[],
): Promise<Set<string>> {
  const originIds = [...new Set(rows.map((row) => readTrashOrigin(row).projectId))];
  const active = await tx.project.findMany({
    where: { id: { in: originIds }, userId, status: "active" },
    select: { id: true },
  });
  return new Set(active.map((project) => project.id));
}
