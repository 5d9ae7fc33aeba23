import { z } from "zod";
import { noteTextSchema } from "@/lib/notes/note-fields";

// The request schemas of the memory routes: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

const text = noteTextSchema.meta({
  description: "Markdown; trimmed, then at most PROJECT_NOTE_MAX_BYTES bytes (UTF-8; GET /api/config says how many)",
});

/** GET /api/projects/{id}/notes */
export const listNotesQuery = z.object({
  state: z
    .enum(["proposed", "approved", "dismissed", "all"])
    .optional()
    .meta({ description: "One state, or `all`; absent: every state but dismissed" }),
});

/** POST /api/projects/{id}/notes */
export const createNoteBody = z.object({ text });

/** PATCH /api/projects/{id}/notes/{noteId} */
export const updateNoteBody = z
  .object({
    text: text.optional(),
    state: z
      .enum(["approved", "dismissed"])
      .optional()
      .meta({ description: "Only the user decides: approve (as is, or with `text`) or dismiss" }),
  })
  .refine((body) => body.text !== undefined || body.state !== undefined, {
    message: "Give the note's new text, its new state, or both.",
  });

/** POST /api/trash/notes/{noteId}/restore; no projectId (or null): back to the project it was trashed from, if that is still active. */
export const restoreNoteBody = z.object({ projectId: z.string().min(1).nullish() });
