import { z } from "zod";
import { documentContentQuery, listDocumentsQuery, saveFromThreadBody } from "@/lib/api-schemas/documents";
import { exportQuery } from "@/lib/api-schemas/portable";
import { createProjectBody, listProjectsQuery, updateProjectBody } from "@/lib/api-schemas/projects";
import { artifactQuery, projectThreadFilesQuery, uploadQuery } from "@/lib/api-schemas/thread-files";
import { createThreadBody, listThreadsQuery, moveThreadBody, updateThreadBody } from "@/lib/api-schemas/threads";
import { listTrashQuery, restoreDocumentBody } from "@/lib/api-schemas/trash";
import { createNoteBody, listNotesQuery, restoreNoteBody, updateNoteBody } from "@/lib/api-schemas/notes";
import { createFolderBody, moveDocumentBody, updateFolderBody } from "@/lib/api-schemas/folders";
import { runRequestSchema } from "@/lib/runs/run-request";
import type { ErrorCode } from "@/lib/errors";
import type { TokenPolicy } from "@/lib/endpoints/route";
import { createTokenBody } from "@/lib/tokens/token-fields";
import * as r from "./response-schemas";
import { RUN_STREAM_DESCRIPTION, RUN_STREAM_MEDIA_TYPE, runStreamChunkSchema } from "./run-stream-schema";

// Every operation of the HTTP API, one entry per route file and method (a unit test holds this
// table and app/api/**/route.ts to each other, summaries included: each is the route's header
// comment's first sentence). Request bodies and query strings are the very schema objects the handlers parse
// (lib/api-schemas, lib/runs/run-request.ts, lib/tokens/token-fields.ts); the document is
// generated from this table by ./document.ts.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call: the route's tokenPolicy, or "public" for the few routes without a caller. */
export type AuthPolicy = TokenPolicy | "public";

export const API_TAGS = [
  { name: "Projects", description: "Projects: a name, instructions for the agent, a shelf of documents" },
  { name: "Documents", description: "A project's shelf: upload, list and search, read, save from a chat" },
  { name: "Chats", description: "Chats (threads) and their history" },
  { name: "Chat files", description: "A chat's uploads and the files the agent wrote" },
  { name: "Runs", description: "An answer being written: started, streamed, followed, stopped" },
  { name: "Memory", description: "A project's memory: notes the user wrote or approved, and the agent's proposals" },
  { name: "Trash", description: "Trashed documents and notes: restore, purge, retention" },
  { name: "Account", description: "API tokens, export and import, the server's limits and models" },
  { name: "Auth", description: "Accounts and sessions (better-auth's endpoints; their own error shape)" },
  { name: "Service", description: "Liveness and this document" },
] as const;

export type ApiTag = (typeof API_TAGS)[number]["name"];

export interface ApiSuccess {
  status: number;
  description: string;
  /** A zod schema of the JSON body, or another media type's content. */
  json?: z.ZodType;
  content?: Record<string, { schema?: z.ZodType; description?: string }>;
  headers?: Record<string, string>;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template: `{id}` for a dynamic segment. */
  path: string;
  tag: ApiTag;
  /** The first sentence of the route's header comment (after the dash). */
  summary: string;
  description?: string;
  auth: AuthPolicy;
  query?: z.ZodObject;
  /** A JSON body parsed with readJsonBody. */
  body?: z.ZodType;
  /** A multipart body streamed to disk (busboy), described by field. */
  multipart?: { schema: z.ZodObject; description: string };
  responses: ApiSuccess[];
  /** Codes beyond those every such operation can answer (see ./document.ts `errorCodesOf`). */
  errors?: ErrorCode[];
  /** better-auth's endpoints answer `{code, message}`, not the app's error shape. */
  authErrors?: { status: number; description: string }[];
}

/** What /api/auth adds in front of every better-auth POST (lib/auth/auth-request.ts). */
const authBodyErrors = [
  { status: 400, description: "BAD_REQUEST or BODY_TOO_DEEP: a malformed or too deeply nested body" },
  {
    status: 401,
    description: "TOKEN_NOT_ACCEPTED: an Authorization header (accounts are managed with a session only)",
  },
  { status: 403, description: "A request from another origin (better-auth's origin check)" },
  { status: 413, description: "BODY_TOO_LARGE" },
];

const binary = (description: string) => z.string().meta({ contentMediaType: "application/octet-stream", description });
const project = z.object({ project: r.projectSchema });
const thread = z.object({ thread: r.threadSchema });
const noContent = (description: string): ApiSuccess => ({ status: 204, description });
const runStream: ApiSuccess = {
  status: 200,
  description: RUN_STREAM_DESCRIPTION,
  content: { [RUN_STREAM_MEDIA_TYPE]: { schema: runStreamChunkSchema } },
  headers: { "x-run-id": "The run's id" },
};
const storedFile = (what: string): ApiSuccess => ({
  status: 200,
  description: `${what}: the stored type inline for text, PDF and images (HTML, XHTML and SVG always as an attachment); \`download=true\` asks for an attachment.`,
  content: { "*/*": { schema: binary("The file's bytes") } },
});

export const API_OPERATIONS: ApiOperation[] = [
  // ---- Projects
  {
    method: "GET",
    path: "/api/projects",
    tag: "Projects",
    summary: "the caller's projects, newest activity first",
    auth: "accepts-tokens",
    query: listProjectsQuery,
    responses: [{ status: 200, description: "The projects", json: z.object({ projects: z.array(r.projectSchema) }) }],
  },
  {
    method: "POST",
    path: "/api/projects",
    tag: "Projects",
    summary: "create a project",
    auth: "accepts-tokens",
    body: createProjectBody,
    responses: [{ status: 201, description: "The new project", json: project }],
    errors: ["conflict"],
  },
  {
    method: "GET",
    path: "/api/projects/{id}",
    tag: "Projects",
    summary: "one project",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The project", json: project }],
  },
  {
    method: "PATCH",
    path: "/api/projects/{id}",
    tag: "Projects",
    summary: "rename and/or edit instructions",
    auth: "accepts-tokens",
    body: updateProjectBody,
    responses: [{ status: 200, description: "The project as changed", json: project }],
    errors: ["conflict"],
  },
  {
    method: "DELETE",
    path: "/api/projects/{id}",
    tag: "Projects",
    summary: "delete; threads are kept and unlinked",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "What the delete did", json: r.deleteProjectResultSchema }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/archive",
    tag: "Projects",
    summary: "set the project's status to archived",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The archived project", json: project }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/unarchive",
    tag: "Projects",
    summary: "set the project's status back to active",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The active project", json: project }],
  },
  {
    method: "GET",
    path: "/api/projects/{id}/context",
    tag: "Projects",
    summary: "what the next run of a chat in this project receives (the Instructions tab's summary)",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The project's context summary", json: r.projectContextSchema }],
  },
  // ---- Memory
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
  // ---- Folders
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
  // ---- Documents
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
        "Exactly one `file`; `name` renames it on the shelf; `path` (relative, `a/b/c.txt`) puts it in those folders, made as needed. Streamed to disk, limited to UPLOAD_MAX_BYTES.",
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
  // ---- Chats
  {
    method: "GET",
    path: "/api/threads",
    tag: "Chats",
    summary: "the caller's chats, newest first, optionally of one project",
    auth: "accepts-tokens",
    query: listThreadsQuery,
    responses: [{ status: 200, description: "One page of chats", json: r.threadPageSchema }],
  },
  {
    method: "POST",
    path: "/api/threads",
    tag: "Chats",
    summary: "start a chat, optionally in a project",
    auth: "accepts-tokens",
    body: createThreadBody,
    responses: [{ status: 201, description: "The new chat", json: thread }],
  },
  {
    method: "GET",
    path: "/api/threads/{id}",
    tag: "Chats",
    summary: "one chat",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The chat", json: thread }],
  },
  {
    method: "PATCH",
    path: "/api/threads/{id}",
    tag: "Chats",
    summary:
      "rename, choose the model, set the scope (the model first: an unknown one is a 422 that leaves the title alone too)",
    description:
      "`scope` names folders (each with its subfolders) and live documents of the chat's own project; any other id is a 404, a chat outside a project takes no scope (422). Null or both lists empty: the whole shelf. A move to another project clears it.",
    auth: "accepts-tokens",
    body: updateThreadBody,
    responses: [{ status: 200, description: "The chat as changed", json: thread }],
  },
  {
    method: "DELETE",
    path: "/api/threads/{id}",
    tag: "Chats",
    summary: "delete the chat and its history",
    auth: "accepts-tokens",
    responses: [noContent("Deleted")],
  },
  {
    method: "POST",
    path: "/api/threads/{id}/move",
    tag: "Chats",
    summary: "into an active project of the caller's, or out (null)",
    auth: "accepts-tokens",
    body: moveThreadBody,
    responses: [{ status: 200, description: "The chat as moved", json: thread }],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/messages",
    tag: "Chats",
    summary: "the persisted history (never the project context message)",
    auth: "accepts-tokens",
    responses: [
      {
        status: 200,
        description: "The messages, oldest first",
        json: z.object({ messages: z.array(r.threadMessageSchema) }),
      },
    ],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/context",
    tag: "Chats",
    summary: "what the next run on the thread receives (instructions, index, omitted documents)",
    auth: "accepts-tokens",
    responses: [
      { status: 200, description: "The context summary and the history's budget", json: r.threadContextSchema },
    ],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/summary",
    tag: "Chats",
    summary: "the summary the model reads instead of the older turns",
    auth: "accepts-tokens",
    responses: [
      {
        status: 200,
        description: "The summary, or null",
        json: z.object({ summary: r.threadSummarySchema.nullable() }),
      },
    ],
  },
  // ---- Chat files
  {
    method: "POST",
    path: "/api/threads/{id}/uploads",
    tag: "Chat files",
    summary: "stream one or more `files` parts into the chat's uploads",
    auth: "accepts-tokens",
    multipart: {
      description:
        "One or more `files` parts, each streamed to disk and limited to UPLOAD_MAX_BYTES. A `.png`, `.jpg`/`.jpeg`, `.webp` or `.gif` is an image: its bytes must be that format, decode, and hold at most 100 megapixels, else 422 and nothing of the request is stored; an animated image keeps its first frame for the model.",
      schema: z.object({ files: z.array(binary("A file")) }),
    },
    responses: [{ status: 201, description: "The uploads as stored", json: r.threadFilesSchema }],
    errors: ["conflict"],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/uploads",
    tag: "Chat files",
    summary: "the chat's uploads, by name",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The uploads", json: r.threadFilesSchema }],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/uploads/{filename}",
    tag: "Chat files",
    summary: "the upload's bytes, or with ?size=thumb an image's thumbnail",
    description:
      "`size=thumb`: a JPEG or PNG of at most 256 px on its longest side (404 for an upload that is not an image).",
    auth: "accepts-tokens",
    query: uploadQuery,
    responses: [storedFile("The upload or its thumbnail")],
  },
  {
    method: "DELETE",
    path: "/api/threads/{id}/uploads/{filename}",
    tag: "Chat files",
    summary: "remove one upload and its converted text",
    auth: "accepts-tokens",
    responses: [noContent("Removed")],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/outputs",
    tag: "Chat files",
    summary: "the files the agent wrote in this chat, by name",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The outputs", json: r.threadFilesSchema }],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/artifacts/{folder}/{name}",
    tag: "Chat files",
    summary: "a file's bytes, streamed from disk",
    description: "`folder` is `uploads` or `outputs` (anything else is a 404).",
    auth: "accepts-tokens",
    query: artifactQuery,
    responses: [storedFile("The file")],
  },
  // ---- Runs
  {
    method: "POST",
    path: "/api/threads/{id}/runs",
    tag: "Runs",
    summary: "send a message (or regenerate) and stream the answer",
    description:
      "Send `{message: {text, attachments?}}` (attachments: names of the chat's uploads) or `{regenerate: true}` to answer the last user message again. The history comes from the database, the project context from the run itself. 409 `conflict` while another run of the chat is active.",
    auth: "accepts-tokens",
    body: runRequestSchema,
    responses: [runStream],
    errors: ["conflict", "unavailable"],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/runs",
    tag: "Runs",
    summary: "the thread's runs, newest first",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The runs", json: z.object({ runs: z.array(r.runSchema) }) }],
  },
  {
    method: "POST",
    path: "/api/threads/{id}/runs/{runId}/cancel",
    tag: "Runs",
    summary: "stop an active run on whichever instance streams it",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The run, once it has stopped", json: z.object({ run: r.runSchema }) }],
    errors: ["conflict"],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/runs/{runId}/events",
    tag: "Runs",
    summary: "the run's audit events",
    auth: "accepts-tokens",
    responses: [
      { status: 200, description: "The events, oldest first", json: z.object({ events: z.array(r.runEventSchema) }) },
    ],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/runs/{runId}/stream",
    tag: "Runs",
    summary: "the run's stream so far, then live until it ends",
    auth: "accepts-tokens",
    responses: [runStream],
  },
  // ---- Trash
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
  // ---- Account
  {
    method: "GET",
    path: "/api/tokens",
    tag: "Account",
    summary: "the caller's API tokens (never their secrets); session only",
    auth: "session-only",
    responses: [{ status: 200, description: "The tokens", json: z.object({ tokens: z.array(r.tokenSchema) }) }],
  },
  {
    method: "POST",
    path: "/api/tokens",
    tag: "Account",
    summary: "a new token; its secret is in this answer and nowhere else",
    auth: "session-only",
    body: createTokenBody,
    responses: [{ status: 201, description: "The token and its secret", json: r.createdTokenSchema }],
  },
  {
    method: "DELETE",
    path: "/api/tokens/{id}",
    tag: "Account",
    summary: "revoke a token at once; session only",
    auth: "session-only",
    responses: [noContent("Revoked")],
  },
  {
    method: "GET",
    path: "/api/export",
    tag: "Account",
    summary: "everything the caller owns as one streamed zip",
    auth: "accepts-tokens",
    query: exportQuery,
    responses: [
      {
        status: 200,
        description:
          "A zip: manifest.json, each document's original, each chat's files and a Markdown transcript per chat (`trash=true` adds the trash).",
        content: { "application/zip": { schema: binary("The archive") } },
        headers: { "x-export-estimated-bytes": "The bytes of the files the zip carries (its length is unknown)" },
      },
    ],
  },
  {
    method: "POST",
    path: "/api/import",
    tag: "Account",
    summary: "recreate an export archive's contents in the caller's account",
    description:
      "A 422's `details[0].reason`: `not_a_zip`, `unsafe_path`, `duplicate_entry`, `too_many_entries`, `too_large`, `unknown_version`, `manifest_invalid`, `manifest_mismatch` or `corrupt_entry`.",
    auth: "session-only",
    multipart: {
      description: "The export archive in `file`, staged and judged whole before anything is created.",
      schema: z.object({ file: binary("An archive from GET /api/export") }),
    },
    responses: [{ status: 201, description: "What was created", json: r.importCountsSchema }],
  },
  {
    method: "GET",
    path: "/api/config",
    tag: "Account",
    summary: "the limits the UI mirrors, and whether a model is configured",
    auth: "session-only",
    responses: [{ status: 200, description: "The server's public limits", json: r.publicConfigSchema }],
  },
  {
    method: "GET",
    path: "/api/models",
    tag: "Account",
    summary: "every endpoint's models, the default marked",
    auth: "session-only",
    responses: [{ status: 200, description: "The models and endpoints", json: r.modelListSchema }],
  },
  // ---- Auth (app/api/auth/[...all]: better-auth's handler; the endpoints the app's pages use)
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    tag: "Auth",
    summary: "create an account and sign in",
    description:
      "For an email that already has an account: 200 with a user-shaped body and no session, so the answer never says which emails have accounts. Closed with ALLOW_SIGN_UP=false once the first account exists.",
    auth: "public",
    body: z.object({ name: z.string(), email: z.email(), password: z.string().min(8) }),
    responses: [
      {
        status: 200,
        description: "Signed up; the session cookie is set",
        json: z.looseObject({
          token: z.string().nullable(),
          user: z.looseObject({ id: z.string(), email: z.string() }),
        }),
      },
    ],
    authErrors: [
      ...authBodyErrors,
      { status: 403, description: "SIGN_UP_CLOSED: registration is closed on this server" },
      { status: 429, description: "TOO_MANY_REQUESTS (better-auth's rate limit)" },
    ],
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    tag: "Auth",
    summary: "sign in with email and password",
    auth: "public",
    body: z.object({ email: z.email(), password: z.string(), rememberMe: z.boolean().optional() }),
    responses: [
      {
        status: 200,
        description: "Signed in; the session cookie is set",
        json: z.looseObject({ token: z.string(), user: z.looseObject({ id: z.string(), email: z.string() }) }),
      },
    ],
    authErrors: [
      ...authBodyErrors,
      { status: 401, description: "INVALID_EMAIL_OR_PASSWORD" },
      { status: 429, description: "TOO_MANY_REQUESTS: sign-in limits per account and per address, with Retry-After" },
    ],
  },
  {
    method: "POST",
    path: "/api/auth/sign-out",
    tag: "Auth",
    summary: "end the session",
    auth: "session-only",
    responses: [{ status: 200, description: "Signed out", json: z.looseObject({ success: z.boolean() }) }],
    authErrors: authBodyErrors,
  },
  {
    method: "GET",
    path: "/api/auth/get-session",
    tag: "Auth",
    summary: "the current session and user, or null",
    auth: "public",
    responses: [
      {
        status: 200,
        description: "The session, or null without one",
        json: z.looseObject({ session: z.looseObject({}), user: z.looseObject({}) }).nullable(),
      },
    ],
    authErrors: [{ status: 401, description: "TOKEN_NOT_ACCEPTED: an Authorization header" }],
  },
  // ---- Service
  {
    method: "GET",
    path: "/api/health",
    tag: "Service",
    summary:
      "liveness and which database backs this server (no auth; like every route off the token allowlist, it refuses an API token rather than ignore it)",
    description:
      "`?detail=1` adds the event loop's delay and the process's memory for an operator who sends HEALTH_DETAIL_SECRET as `X-Health-Secret`; anyone else gets the plain answer.",
    auth: "public",
    responses: [{ status: 200, description: "Alive, and the database answers", json: r.healthSchema }],
    errors: ["unauthorized", "unavailable"],
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Service",
    summary: "this API as an OpenAPI 3.1 document, generated from the schemas the handlers parse (no auth)",
    auth: "public",
    responses: [{ status: 200, description: "This document", json: z.looseObject({ openapi: z.string() }) }],
    errors: ["unauthorized"],
  },
];
