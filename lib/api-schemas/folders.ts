import { z } from "zod";

// The request schemas of the folder routes and the document move: the route handlers parse with
// these, and the OpenAPI document (lib/openapi) is generated from the same objects.

const name = z.string().max(1000).meta({ description: "The document name rules: at most 255 bytes, no / or \\" });
const folderId = z.string().min(1).max(100);

/** POST /api/projects/{id}/folders */
export const createFolderBody = z.object({
  name,
  parentId: folderId.nullish().meta({ description: "The parent folder; absent or null: the root" }),
});

/** PATCH /api/projects/{id}/folders/{folderId} */
export const updateFolderBody = z
  .object({
    name: name.optional(),
    parentId: folderId.nullable().optional().meta({ description: "The new parent folder; null: the root" }),
  })
  .refine((body) => body.name !== undefined || body.parentId !== undefined, "Send a name, a parentId, or both.")
  .meta({ description: "Send a name, a parentId, or both." });

/** PATCH /api/projects/{id}/documents/{docId} */
export const moveDocumentBody = z.object({
  folderId: folderId.nullable().meta({ description: "The folder it goes in; null: the root" }),
});
