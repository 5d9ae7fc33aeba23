import { z } from "zod";

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
