import { z } from "zod";
import { PROJECT_NAME_MAX_CHARS, projectNameSchema } from "@/lib/projects/project-fields";

// The request schemas of fork, merge and transfer: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

/** How many documents, and how many folders, one transfer may name. */
export const TRANSFER_MAX_ITEMS = 10_000;

const id = z.string().min(1).max(100);

/** POST /api/projects/{id}/fork */
export const forkProjectBody = z.object({
  name: projectNameSchema.optional().meta({
    description: `1 to ${PROJECT_NAME_MAX_CHARS} characters once trimmed, unique per user; absent: the source's name, numbered ("Thesis (2)")`,
  }),
});

/** POST /api/projects/{id}/merge */
export const mergeProjectBody = z.object({
  intoProjectId: id.meta({ description: "The active project everything goes into" }),
  afterwards: z
    .enum(["keep", "archive", "delete"])
    .meta({ description: "What becomes of this project once it is merged: kept (empty), archived or deleted" }),
});

/** POST /api/projects/{id}/documents/transfer */
export const transferDocumentsBody = z
  .object({
    documentIds: z.array(id).max(TRANSFER_MAX_ITEMS).optional().meta({ description: "Live documents of this shelf" }),
    folderIds: z
      .array(id)
      .max(TRANSFER_MAX_ITEMS)
      .optional()
      .meta({ description: "Folders of this shelf, each with everything below it" }),
    toProjectId: id.meta({ description: "Another of the caller's active projects" }),
    toFolderId: id.nullish().meta({ description: "A folder of the target's shelf; absent or null: its root" }),
    mode: z.enum(["copy", "move"]),
  })
  .refine(
    (body) => (body.documentIds?.length ?? 0) + (body.folderIds?.length ?? 0) > 0,
    "Name at least one document or folder.",
  )
  .meta({ description: "Name at least one document or folder." });
