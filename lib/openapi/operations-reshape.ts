import { forkProjectBody, mergeProjectBody, transferDocumentsBody } from "@/lib/api-schemas/reshape";
import * as r from "./response-schemas";
import { project } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Fork, merge, transfer: projects reshaped (tags Projects and Documents).
export const reshapeOperations: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/projects/{id}/fork",
    tag: "Projects",
    summary: "a new project with this one's instructions, memory, folders and documents",
    description:
      "The fork gets the instructions, the approved notes (with their provenance and `forkedFrom`), the folder tree and every live document, which shares the stored bytes (no file is copied). No chats, nothing from the trash. Its `forkedFromId` names this project. An archived project can be forked; the fork is active. A name already taken is a 422.",
    auth: "accepts-tokens",
    body: forkProjectBody,
    responses: [{ status: 201, description: "The fork", json: project }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/merge",
    tag: "Projects",
    summary: "move everything of this project into another, then keep, archive or delete it",
    description:
      "One transaction under both projects' locks. Documents land under the same folder paths; content already in that folder is kept once (the target's document stays) and a taken name is numbered (`y (2).txt`). Notes move, an approved note whose normalised text the target already holds is kept once. Chats move, their next run sees the target. The source's instructions are appended under a heading naming it when they differ; past the cap the merge is a 422 and nothing moves. Both projects must be active (404 otherwise).",
    auth: "accepts-tokens",
    body: mergeProjectBody,
    responses: [{ status: 200, description: "The target and what the merge did", json: r.mergeResultSchema }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/documents/transfer",
    tag: "Documents",
    summary: "copy or move documents and folders to another project",
    description:
      "Folders go with everything below them, empty subfolders included, into the target's root or `toFolderId`; content already in a folder it lands in is kept once (listed in `duplicates`) and a taken name is numbered (`renamed`). A copy shares the stored bytes. One transaction under both projects' locks; a missing, foreign or archived target, a folder of another shelf, or a document no longer live here is a 404 and nothing changes. A move needs this project active; a copy does not.",
    auth: "accepts-tokens",
    body: transferDocumentsBody,
    responses: [{ status: 200, description: "What landed", json: r.transferResultSchema }],
  },
];
