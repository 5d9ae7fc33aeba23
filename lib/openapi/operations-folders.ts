import { z } from "zod";
import { createFolderBody, updateFolderBody } from "@/lib/api-schemas/folders";
import * as r from "./response-schemas";
import { noContent } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Folders
export const foldersOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/projects/{id}/folders",
    tag: "Documents",
    summary: "every folder of the shelf, in path order",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The folders", json: z.object({ folders: z.array(r.folderSchema) }) }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/folders",
    tag: "Documents",
    summary: "a new folder at the root or under a parent",
    description:
      "Names follow the document name rules and are unique per parent, case-insensitively (409 `conflict`); at most 8 levels (422). An archived project takes no folders (404).",
    auth: "accepts-tokens",
    body: createFolderBody,
    responses: [{ status: 201, description: "The folder", json: z.object({ folder: r.folderSchema }) }],
    errors: ["conflict"],
  },
  {
    method: "PATCH",
    path: "/api/projects/{id}/folders/{folderId}",
    tag: "Documents",
    summary: "rename and/or move, with everything inside",
    description:
      "One statement under the project's lock rewrites the folder and its subtree. Moving a folder under itself or one of its subfolders, or past 8 levels, is a 422; a sibling of the same name a 409.",
    auth: "accepts-tokens",
    body: updateFolderBody,
    responses: [{ status: 200, description: "The folder as changed", json: z.object({ folder: r.folderSchema }) }],
    errors: ["conflict"],
  },
  {
    method: "DELETE",
    path: "/api/projects/{id}/folders/{folderId}",
    tag: "Documents",
    summary: "delete; its documents go to the trash",
    description:
      "The folder, its subfolders and every document in them; each document is restorable into its old folder while that still exists, else the root.",
    auth: "accepts-tokens",
    responses: [noContent("Deleted; the documents are in the trash")],
  },
];
