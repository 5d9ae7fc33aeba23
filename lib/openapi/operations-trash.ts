import { z } from "zod";
import { listTrashQuery, restoreDocumentBody } from "@/lib/api-schemas/trash";
import { restoreNoteBody } from "@/lib/api-schemas/notes";
import * as r from "./response-schemas";
import { noContent } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Trash
export const trashOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/trash/documents",
    tag: "Trash",
    summary: "the caller's trashed documents, after the lazy sweep",
    auth: "accepts-tokens",
    query: listTrashQuery,
    responses: [{ status: 200, description: "One page of the trash", json: r.trashPageSchema }],
  },
  {
    method: "POST",
    path: "/api/trash/documents/{docId}/restore",
    tag: "Trash",
    summary: 'back onto a shelf: "restored", or "merged" into identical bytes',
    auth: "accepts-tokens",
    body: restoreDocumentBody,
    responses: [{ status: 200, description: "Where it went", json: r.restoreResultSchema }],
    errors: ["content_missing", "conflict"],
  },
  {
    method: "POST",
    path: "/api/trash/documents/{docId}/purge",
    tag: "Trash",
    summary: "delete one trashed document for good",
    auth: "accepts-tokens",
    responses: [noContent("Purged")],
  },
  {
    method: "GET",
    path: "/api/trash/notes",
    tag: "Trash",
    summary: "the caller's trashed notes, after their retention purge",
    auth: "accepts-tokens",
    query: listTrashQuery,
    responses: [{ status: 200, description: "One page of trashed notes", json: r.trashedNotePageSchema }],
  },
  {
    method: "POST",
    path: "/api/trash/notes/{noteId}/restore",
    tag: "Trash",
    summary: "back into its project's memory, or into another active project",
    auth: "accepts-tokens",
    body: restoreNoteBody,
    responses: [{ status: 200, description: "The restored note", json: z.object({ note: r.noteSchema }) }],
  },
  {
    method: "POST",
    path: "/api/trash/notes/{noteId}/purge",
    tag: "Trash",
    summary: "delete one trashed note for good",
    auth: "accepts-tokens",
    responses: [noContent("Purged")],
  },
  {
    method: "POST",
    path: "/api/trash/purge",
    tag: "Trash",
    summary: "empty the caller's trash, whatever the age of its documents and notes",
    auth: "accepts-tokens",
    responses: [
      {
        status: 200,
        description: "How many were purged",
        json: z.object({ purged: z.number().int().meta({ description: "Documents and notes" }) }),
      },
    ],
  },
];
