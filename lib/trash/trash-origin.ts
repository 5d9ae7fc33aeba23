import { z } from "zod";

// `trashOrigin` is a JSON column written by trash and project delete. It is read back
// through a schema, so a malformed value degrades to "origin unknown" instead of a crash.

const originSchema = z.object({ projectId: z.string(), projectName: z.string() });

export type TrashOrigin = z.infer<typeof originSchema>;

/** The recorded origin; when unreadable, the row's own projectId (unchanged by trashing) and no name. */
export function readTrashOrigin(row: { projectId: string; trashOrigin: unknown }): TrashOrigin {
  const parsed = originSchema.safeParse(row.trashOrigin);
  return parsed.success ? parsed.data : { projectId: row.projectId, projectName: "" };
}
