import { z } from "zod";
import { documentContentQuery, listDocumentsQuery, saveFromThreadBody } from "@/lib/api-schemas/documents";
import { projectThreadFilesQuery } from "@/lib/api-schemas/thread-files";
import { moveDocumentBody } from "@/lib/api-schemas/folders";
import * as r from "./response-schemas";
import { binary, noContent, storedFile } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Documents
export const documentsOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/projects/{id}/documents",
    tag: "Documents",
    summary: "one page of the shelf: sorted, searched, by cursor or offset",
    description:
      "Page by `cursor` (keyset, from `nextCursor`) or by `offset`, not both. `order` defaults to the sort's own (newest first for `updated`, A→Z for `name`, largest first for `size`). `folderId` lists one folder's own documents (`root`: the root's); `total` then counts that folder. A cursor from another sort, order, `q` or folder (or from before folders) is a 422.",
    auth: "accepts-tokens",
    query: listDocumentsQuery,
    responses: [{ status: 200, description: "One page of the shelf", json: r.documentPageSchema }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/documents",
    tag: "Documents",
    summary: "upload one `file` (optional `name`, `path`); 200 on a dedup hit",
    auth: "accepts-tokens",
    multipart: {
      description:
        "Exactly one `file`; `name` renames it on the shelf; `path` (relative, `a/b/c.txt`) puts it in those folders, made as needed. Streamed to disk, limited to UPLOAD_MAX_BYTES. A name ending `.png`, `.jpg`/`.jpeg`, `.webp` or `.gif` is an image, checked as a chat's: its bytes must be that format, decode, and hold at most 100 megapixels, else 422 on `file` with the reason and nothing is stored.",
      schema: z.object({ file: binary("The document"), name: z.string().optional(), path: z.string().optional() }),
    },
    responses: [
      { status: 201, description: "Placed on the shelf", json: r.placedDocumentSchema },
      { status: 200, description: "Identical bytes were already on the shelf", json: r.placedDocumentSchema },
    ],
    errors: ["conflict"],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/documents/archive",
    tag: "Documents",
    summary: "land a .zip on the shelf file by file, into matching folders",
    description:
      "Judged whole first under the import's limits (IMPORT_MAX_ENTRIES, IMPORT_MAX_BYTES, compression ratio, names, traversal): a hostile archive is a 422 with its reason and nothing is created. Each entry then goes through the ordinary upload rules; what is already on the shelf and what the rules refuse are reported per entry.",
    auth: "accepts-tokens",
    multipart: {
      description: "Exactly one `file`: the .zip. Streamed to disk, at most IMPORT_MAX_BYTES.",
      schema: z.object({ file: binary("The zip archive") }),
    },
    responses: [
      { status: 201, description: "What landed, what was there, what was refused", json: r.shelfArchiveLandingSchema },
    ],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/documents/from-thread",
    tag: "Documents",
    summary: "save a chat's upload or output to the shelf",
    auth: "accepts-tokens",
    body: saveFromThreadBody,
    responses: [
      { status: 201, description: "Placed on the shelf", json: r.placedDocumentSchema },
      { status: 200, description: "Identical bytes were already on the shelf", json: r.placedDocumentSchema },
    ],
    errors: ["conflict"],
  },
  {
    method: "DELETE",
    path: "/api/projects/{id}/documents/{docId}",
    tag: "Documents",
    summary: "move the document to the trash",
    auth: "accepts-tokens",
    responses: [noContent("Trashed")],
  },
  {
    method: "PATCH",
    path: "/api/projects/{id}/documents/{docId}",
    tag: "Documents",
    summary: "move the document into a folder (null: the root)",
    description: "Its modified time stays. A folder of another shelf, or a trashed document, is a 404.",
    auth: "accepts-tokens",
    body: moveDocumentBody,
    responses: [{ status: 200, description: "The document as moved", json: z.object({ document: r.documentSchema }) }],
  },
  {
    method: "GET",
    path: "/api/projects/{id}/documents/{docId}/content",
    tag: "Documents",
    summary: "the original bytes, or `as=markdown` its text",
    description:
      "With `as=markdown` on a file with no text form, or with conversion off, a 422 whose `details[0].reason` is `no_text_form`, `conversion_disabled`, `conversion_timeout` or `conversion_memory`.",
    auth: "accepts-tokens",
    query: documentContentQuery,
    responses: [
      {
        ...storedFile("The original"),
        content: {
          "*/*": { schema: binary("The original's bytes") },
          "text/markdown": { schema: z.string(), description: "With `as=markdown`: the document's text" },
        },
      },
    ],
    errors: ["content_missing"],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/documents/{docId}/attach-to-thread/{threadId}",
    tag: "Documents",
    summary: "copy a document into a chat's uploads",
    auth: "accepts-tokens",
    responses: [{ status: 201, description: "The chat's new upload", json: r.threadFileSchema }],
    errors: ["content_missing", "conflict", "payload_too_large"],
  },
  {
    method: "GET",
    path: "/api/projects/{id}/thread-files",
    tag: "Chat files",
    summary: "the uploads and outputs of the project's chats, grouped by chat",
    auth: "accepts-tokens",
    query: projectThreadFilesQuery,
    responses: [{ status: 200, description: "One page of chats with their files", json: r.threadFileGroupPageSchema }],
  },
];
