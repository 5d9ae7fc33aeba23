import { z } from "zod";
import { createNoteBody, listNotesQuery, updateNoteBody } from "@/lib/api-schemas/notes";
import * as r from "./response-schemas";
import { noContent } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Memory
export const memoryOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/projects/{id}/notes",
    tag: "Memory",
    summary: "the project's memory: its notes and the figures of the block the next run receives",
    auth: "accepts-tokens",
    query: listNotesQuery,
    responses: [{ status: 200, description: "The notes, approved ones newest first", json: r.noteListSchema }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/notes",
    tag: "Memory",
    summary: "add the user's own note, approved at once",
    description: "Over PROJECT_NOTE_MAX_BYTES is a 422, never cut. An archived project takes no notes (404).",
    auth: "accepts-tokens",
    body: createNoteBody,
    responses: [{ status: 201, description: "The note", json: z.object({ note: r.noteSchema }) }],
  },
  {
    method: "PATCH",
    path: "/api/projects/{id}/notes/{noteId}",
    tag: "Memory",
    summary: "approve, dismiss or edit a note",
    description:
      "Approving an approved note with no new text changes nothing. Editing an approved note approves the new text now (it becomes the newest memory). An archived project takes no changes (404).",
    auth: "accepts-tokens",
    body: updateNoteBody,
    responses: [{ status: 200, description: "The note as changed", json: z.object({ note: r.noteSchema }) }],
  },
  {
    method: "DELETE",
    path: "/api/projects/{id}/notes/{noteId}",
    tag: "Memory",
    summary: "move the note to the trash",
    auth: "accepts-tokens",
    responses: [noContent("Trashed")],
  },
];
