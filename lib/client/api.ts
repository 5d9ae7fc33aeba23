import type { ThreadMessage, ThreadMessageMetadata } from "@/lib/thread-messages/thread-message";
import type { HistoryContext } from "@/lib/context/history-context-dto";
import type { ContextReport } from "@/lib/context/context-report";
import type { PublicConfig } from "@/lib/config/public-config";
import type { DocumentDto, DocumentPage, ListedDocument, PlacedDocument } from "@/lib/documents/document-dto";
import type { DeleteProjectResult, ProjectDto } from "@/lib/projects/project-dto";
import type {
  ThreadFile,
  ThreadFileGroup,
  ThreadFileGroupPage,
  ThreadFileKind,
} from "@/lib/thread-files/thread-file-dto";
import type { ThreadDto, ThreadPage } from "@/lib/threads/thread-dto";
import type { RestoreResult, TrashedDocumentDto, TrashPage } from "@/lib/trash/trashed-document-dto";
import type { TokenDto } from "@/lib/tokens/token-dto";
import type { McpServerDto } from "@/lib/mcp/mcp-server-dto";
import type { ModelDto, ModelListDto } from "@/lib/models/model-dto";
import type { ThreadSummaryDto } from "@/lib/threads/thread-summary-dto";
import type { RunDto } from "@/lib/runs/run-dto";
import type { MemorySummary, NoteDto } from "@/lib/notes/note-dto";
import type { TrashedNoteDto, TrashedNotePage } from "@/lib/trash/trashed-note-dto";
import type { FolderDto } from "@/lib/folders/folder-dto";
import type { ChatScope } from "@/lib/threads/thread-scope";
import type { ShelfArchiveLanding } from "@/lib/portable/upload-shelf-archive";
import type { MergeResult, TransferResult } from "@/lib/reshape/reshape-dto";
import type { SearchStatus } from "@/lib/search/read-search-status";

// Typed calls to the HTTP contract (docs/architecture.md § "HTTP surface") for client components.
// Every failure is thrown as an ApiError carrying the server's error body, so callers can branch on
// `code` and read 422 `details` without parsing anything themselves.

export type Project = ProjectDto;
export type Thread = ThreadDto;
export type ClientConfig = PublicConfig;
export type { SearchStatus };
export type ProjectDeletion = DeleteProjectResult;
export type ProjectDocument = DocumentDto;
/** A shelf row in a listing; with a search, `match` says where the query was found. */
export type { ListedDocument };
export type ShelfSort = "updated" | "name" | "size";
export interface ShelfView {
  sort: ShelfSort;
  order: "asc" | "desc";
  /** The search, or "" for the whole shelf. */
  q: string;
  /** One folder's own documents (`"root"`: the root's); absent: the whole shelf. */
  folderId?: string;
}
/** A folder of a shelf: `path` is its names from the root, joined by "/". */
export type Folder = FolderDto;
/** The folders and documents of its project a chat sees; null: the whole shelf. */
export type { ChatScope };
/** What a zip dropped on the shelf made, found already there, and refused. */
export type ArchiveLanding = ShelfArchiveLanding;
export type ApiToken = TokenDto;
/** One of the person's MCP servers: status, last error and tools; header values are write-only. */
export type McpServer = McpServerDto;
/** What an MCP server is created or edited with (`headers` replaces every header when given). */
export interface McpServerInput {
  name: string;
  url: string;
  transport: "http" | "sse";
  headers?: Record<string, string>;
  enabledFor: "all" | "projects";
  projectIds: string[];
}

/** Where the browser goes to authorize an MCP server that asks for OAuth. */
export function mcpAuthorizeUrl(serverId: string): string {
  return `/api/mcp-servers/${encodeURIComponent(serverId)}/authorize`;
}

/** What a merge did, and what a copy or move to another project landed. */
export type { MergeResult, TransferResult };
export type MergeAfterwards = "keep" | "archive" | "delete";
export interface TransferRequest {
  documentIds?: string[];
  folderIds?: string[];
  toProjectId: string;
  toFolderId?: string | null;
  mode: "copy" | "move";
}

/** A token as created: the secret is in this answer only. */
export interface CreatedToken {
  token: ApiToken;
  secret: string;
}

export type ModelOption = ModelDto;
export type ModelList = ModelListDto;
/** What the next run receives (GET …/context); `{project: null}` for a chat outside a project, `history` always. */
export type RunContext = (ContextReport | { project: null }) & { history: HistoryContext };
/** A chat's run (GET …/runs): `running` while a reply is being written, on any instance. */
export type Run = RunDto;
/** "Save to project": 201 added, or 200 when identical bytes were already on the shelf. */
export type SavedDocument = PlacedDocument;
/** A document in the trash: where it was trashed from, and when it is purged for good. */
export type TrashedDocument = TrashedDocumentDto;
/** A note of a project's memory, and the figures of the block the next run receives. */
export type Note = NoteDto;
export type { MemorySummary };
export type TrashedNote = TrashedNoteDto;
export type {
  DocumentPage,
  RestoreResult,
  ThreadFile,
  ThreadFileGroup,
  ThreadFileGroupPage,
  ThreadFileKind,
  ThreadPage,
  TrashPage,
};

const threadPath = (threadId: string) => `/api/threads/${encodeURIComponent(threadId)}`;

const THREAD_FOLDER: Record<ThreadFileKind, "uploads" | "outputs"> = { upload: "uploads", output: "outputs" };

/**
 * Where the browser reads a thread file known only by kind and name (a message's attachment,
 * a file a tool wrote). A listed ThreadFile carries this as the server's own `artifactUrl`.
 */
export function threadArtifactUrl(threadId: string, kind: ThreadFileKind, filename: string): string {
  return `${threadPath(threadId)}/artifacts/${THREAD_FOLDER[kind]}/${encodeURIComponent(filename)}`;
}

/** An image upload's thumbnail (at most 256 px; GET /api/threads/{id}/uploads/{name}?size=thumb). */
export function threadUploadThumbnailUrl(threadId: string, filename: string): string {
  return `${threadPath(threadId)}/uploads/${encodeURIComponent(filename)}?size=thumb`;
}

/** The same artifact as an attachment. */
export function artifactDownloadUrl(artifactUrl: string): string {
  return `${artifactUrl}?download=true`;
}

const documentsPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/documents`;
const notesPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/notes`;

/**
 * Where the browser reads a shelf document: the original bytes (`download` forces an
 * attachment) or, with `markdown`, the server's converted text of an office file.
 */
export function documentContentUrl(
  document: Pick<ProjectDocument, "projectId" | "id">,
  options: { download?: boolean; markdown?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (options.download) params.set("download", "true");
  if (options.markdown) params.set("as", "markdown");
  const query = params.size > 0 ? `?${params}` : "";
  return `${documentsPath(document.projectId)}/${encodeURIComponent(document.id)}/content${query}`;
}

/** Where one file is uploaded to a project's shelf (multipart; see upload-document.ts). */
export const documentUploadUrl = documentsPath;

/** Where a zip dropped on a shelf is posted (multipart; lands file by file: upload-shelf-archive.ts). */
export function shelfArchiveUploadUrl(projectId: string): string {
  return `${documentsPath(projectId)}/archive`;
}

function foldersPath(projectId: string): string {
  return `/api/projects/${encodeURIComponent(projectId)}/folders`;
}

export interface FieldIssue {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
  retryable?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** Whether `body` is the server's own JSON error, not one made up for no answer or a non-JSON one. */
  readonly answered: boolean;

  constructor(status: number, body: ApiErrorBody, answered = status > 0) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.answered = answered;
  }

  get code(): string {
    return this.body.code;
  }

  /**
   * The 422 issues reported for one field (details name the field and why:
   * docs/architecture.md § "HTTP surface").
   */
  fieldIssues(field: string): FieldIssue[] {
    if (!Array.isArray(this.body.details)) return [];
    return (this.body.details as FieldIssue[]).filter((issue) => issue?.path === field);
  }
}

/** A status of 0 means the request never got an answer (offline, server down). */
const NETWORK_ERROR: ApiErrorBody = { code: "network", message: "The server could not be reached." };

/** The failed response as an ApiError: the server's error body, or a generic one when the answer was not JSON. */
export async function readApiError(response: Response): Promise<ApiError> {
  return apiErrorOf(response, await response.json().catch(() => null));
}

function apiErrorOf(response: Response, payload: unknown): ApiError {
  const body = (payload as { error?: ApiErrorBody } | null)?.error;
  if (body && typeof body.code === "string" && typeof body.message === "string")
    return new ApiError(response.status, body);
  const code = response.status === 413 ? "payload_too_large" : "internal";
  return new ApiError(response.status, { code, message: response.statusText }, false);
}

async function request<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response, payload);
  return payload as T;
}

export const api = {
  config: () => request<ClientConfig>("/api/config"),

  listProjects: (status: "active" | "archived" | "all" = "all") =>
    request<{ projects: Project[] }>(`/api/projects?status=${status}`).then((r) => r.projects),
  getProject: (id: string) =>
    request<{ project: Project }>(`/api/projects/${encodeURIComponent(id)}`).then((r) => r.project),
  createProject: (input: { name: string; instructions?: string }) =>
    request<{ project: Project }>("/api/projects", { method: "POST", body: input }).then((r) => r.project),
  updateProject: (id: string, input: { name?: string; instructions?: string }) =>
    request<{ project: Project }>(`/api/projects/${encodeURIComponent(id)}`, { method: "PATCH", body: input }).then(
      (r) => r.project,
    ),
  setProjectArchived: (id: string, archived: boolean) =>
    request<{ project: Project }>(`/api/projects/${encodeURIComponent(id)}/${archived ? "archive" : "unarchive"}`, {
      method: "POST",
    }).then((r) => r.project),
  deleteProject: (id: string) =>
    request<ProjectDeletion>(`/api/projects/${encodeURIComponent(id)}`, { method: "DELETE" }),
  forkProject: (id: string, name?: string) =>
    request<{ project: Project }>(`/api/projects/${encodeURIComponent(id)}/fork`, {
      method: "POST",
      body: name === undefined ? {} : { name },
    }).then((r) => r.project),
  mergeProject: (id: string, input: { intoProjectId: string; afterwards: MergeAfterwards }) =>
    request<MergeResult>(`/api/projects/${encodeURIComponent(id)}/merge`, { method: "POST", body: input }),
  transferDocuments: (projectId: string, input: TransferRequest) =>
    request<TransferResult>(`/api/projects/${encodeURIComponent(projectId)}/documents/transfer`, {
      method: "POST",
      body: input,
    }),

  listThreads: (query: { projectId?: string; limit?: number; offset?: number } = {}) => {
    const params = new URLSearchParams();
    if (query.projectId) params.set("projectId", query.projectId);
    if (query.limit) params.set("limit", String(query.limit));
    if (query.offset) params.set("offset", String(query.offset));
    return request<ThreadPage>(`/api/threads?${params}`);
  },
  getThread: (id: string) =>
    request<{ thread: Thread }>(`/api/threads/${encodeURIComponent(id)}`).then((r) => r.thread),
  createThread: (input: { projectId?: string | null; title?: string } = {}) =>
    request<{ thread: Thread }>("/api/threads", { method: "POST", body: input }).then((r) => r.thread),
  renameThread: (id: string, title: string) =>
    request<{ thread: Thread }>(`/api/threads/${encodeURIComponent(id)}`, { method: "PATCH", body: { title } }).then(
      (r) => r.thread,
    ),
  /** null: follow the default model. */
  setThreadModel: (id: string, modelId: string | null) =>
    request<{ thread: Thread }>(`/api/threads/${encodeURIComponent(id)}`, { method: "PATCH", body: { modelId } }).then(
      (r) => r.thread,
    ),
  listModels: () => request<ModelList>("/api/models"),
  moveThread: (id: string, projectId: string | null) =>
    request<{ thread: Thread }>(`/api/threads/${encodeURIComponent(id)}/move`, {
      method: "POST",
      body: { projectId },
    }).then((r) => r.thread),
  listDocuments: (projectId: string, page: ShelfView & { limit: number; cursor: string | null }) => {
    const params = new URLSearchParams({ limit: String(page.limit), sort: page.sort, order: page.order });
    if (page.q) params.set("q", page.q);
    if (page.folderId) params.set("folderId", page.folderId);
    if (page.cursor) params.set("cursor", page.cursor);
    return request<DocumentPage>(`${documentsPath(projectId)}?${params}`);
  },
  moveDocument: (projectId: string, documentId: string, folderId: string | null) =>
    request<{ document: ProjectDocument }>(`${documentsPath(projectId)}/${encodeURIComponent(documentId)}`, {
      method: "PATCH",
      body: { folderId },
    }).then((r) => r.document),
  searchStatus: (projectId: string) =>
    request<SearchStatus>(`/api/projects/${encodeURIComponent(projectId)}/search-status`),
  listFolders: (projectId: string) => request<{ folders: Folder[] }>(foldersPath(projectId)).then((r) => r.folders),
  createFolder: (projectId: string, input: { name: string; parentId: string | null }) =>
    request<{ folder: Folder }>(foldersPath(projectId), { method: "POST", body: input }).then((r) => r.folder),
  updateFolder: (projectId: string, folderId: string, input: { name?: string; parentId?: string | null }) =>
    request<{ folder: Folder }>(`${foldersPath(projectId)}/${encodeURIComponent(folderId)}`, {
      method: "PATCH",
      body: input,
    }).then((r) => r.folder),
  deleteFolder: (projectId: string, folderId: string) =>
    request<void>(`${foldersPath(projectId)}/${encodeURIComponent(folderId)}`, { method: "DELETE" }),
  setThreadScope: (id: string, scope: ChatScope | null) =>
    request<{ thread: Thread }>(`/api/threads/${encodeURIComponent(id)}`, { method: "PATCH", body: { scope } }).then(
      (r) => r.thread,
    ),
  trashDocument: (projectId: string, documentId: string) =>
    request<void>(`${documentsPath(projectId)}/${encodeURIComponent(documentId)}`, { method: "DELETE" }),
  saveThreadFileToProject: (
    projectId: string,
    input: { threadId: string; kind: ThreadFile["kind"]; name: string; shelfName?: string },
  ) => request<SavedDocument>(`${documentsPath(projectId)}/from-thread`, { method: "POST", body: input }),
  attachDocumentToThread: (document: Pick<ProjectDocument, "projectId" | "id">, threadId: string) =>
    request<ThreadFile>(
      `${documentsPath(document.projectId)}/${encodeURIComponent(document.id)}/attach-to-thread/${encodeURIComponent(threadId)}`,
      {
        method: "POST",
      },
    ),
  listThreadFiles: (projectId: string, page: { offset: number; threadLimit: number; fileLimit: number }) =>
    request<ThreadFileGroupPage>(
      `/api/projects/${encodeURIComponent(projectId)}/thread-files?offset=${page.offset}&threadLimit=${page.threadLimit}&fileLimit=${page.fileLimit}`,
    ),

  listTrash: (page: { limit: number; offset: number }) =>
    request<TrashPage>(`/api/trash/documents?limit=${page.limit}&offset=${page.offset}`),
  restoreDocument: (documentId: string, projectId?: string) =>
    request<RestoreResult>(`/api/trash/documents/${encodeURIComponent(documentId)}/restore`, {
      method: "POST",
      body: projectId ? { projectId } : {},
    }),
  purgeDocument: (documentId: string) =>
    request<void>(`/api/trash/documents/${encodeURIComponent(documentId)}/purge`, { method: "POST" }),
  emptyTrash: () => request<{ purged: number }>("/api/trash/purge", { method: "POST" }),

  listNotes: (projectId: string) =>
    request<{ notes: Note[]; memory: MemorySummary }>(`${notesPath(projectId)}?state=all`),
  createNote: (projectId: string, text: string) =>
    request<{ note: Note }>(notesPath(projectId), { method: "POST", body: { text } }).then((r) => r.note),
  updateNote: (projectId: string, noteId: string, input: { text?: string; state?: "approved" | "dismissed" }) =>
    request<{ note: Note }>(`${notesPath(projectId)}/${encodeURIComponent(noteId)}`, {
      method: "PATCH",
      body: input,
    }).then((r) => r.note),
  trashNote: (projectId: string, noteId: string) =>
    request<void>(`${notesPath(projectId)}/${encodeURIComponent(noteId)}`, { method: "DELETE" }),
  listTrashedNotes: (page: { limit: number; offset: number }) =>
    request<TrashedNotePage>(`/api/trash/notes?limit=${page.limit}&offset=${page.offset}`),
  restoreNote: (noteId: string, projectId?: string) =>
    request<{ note: Note }>(`/api/trash/notes/${encodeURIComponent(noteId)}/restore`, {
      method: "POST",
      body: projectId ? { projectId } : {},
    }).then((r) => r.note),
  purgeNote: (noteId: string) =>
    request<void>(`/api/trash/notes/${encodeURIComponent(noteId)}/purge`, { method: "POST" }),

  deleteThread: (id: string) => request<void>(`/api/threads/${encodeURIComponent(id)}`, { method: "DELETE" }),

  /**
   * Persisted history; `createdAt`, `sources` and `citations` (each saying whether it can still
   * be opened) sit beside the message, so they are folded back into metadata.
   */
  threadMessages: (threadId: string) =>
    request<{
      messages: (ThreadMessage & {
        createdAt?: string;
        sources?: ThreadMessageMetadata["sources"];
        citations?: ThreadMessageMetadata["citations"];
      })[];
    }>(`${threadPath(threadId)}/messages`).then((r) =>
      r.messages.map(
        ({ createdAt, sources, citations, ...message }) =>
          ({
            ...message,
            metadata: {
              ...message.metadata,
              createdAt,
              ...(sources ? { sources } : {}),
              ...(citations ? { citations } : {}),
            },
          }) as ThreadMessage,
      ),
    ),
  /** The chat's runs, newest first; a run whose instance died is already listed as failed. */
  threadRuns: (threadId: string) => request<{ runs: Run[] }>(`${threadPath(threadId)}/runs`).then((r) => r.runs),
  threadContext: (threadId: string) => request<RunContext>(`${threadPath(threadId)}/context`),
  projectContext: (projectId: string) =>
    request<ContextReport>(`/api/projects/${encodeURIComponent(projectId)}/context`),
  /** The summary the model reads instead of the older turns; null until the thread needs one. */
  threadSummary: (threadId: string) =>
    request<{ summary: ThreadSummaryDto | null }>(`${threadPath(threadId)}/summary`).then((r) => r.summary),
  threadUploads: (threadId: string) =>
    request<{ files: ThreadFile[] }>(`${threadPath(threadId)}/uploads`).then((r) => r.files),
  threadOutputs: (threadId: string) =>
    request<{ files: ThreadFile[] }>(`${threadPath(threadId)}/outputs`).then((r) => r.files),
  deleteThreadUpload: (threadId: string, filename: string) =>
    request<void>(`${threadPath(threadId)}/uploads/${encodeURIComponent(filename)}`, { method: "DELETE" }),

  listTokens: () => request<{ tokens: ApiToken[] }>("/api/tokens").then((r) => r.tokens),
  createToken: (input: { name: string; expiresInDays?: number }) =>
    request<CreatedToken>("/api/tokens", { method: "POST", body: input }),
  deleteToken: (id: string) => request<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),

  listMcpServers: () => request<{ servers: McpServer[] }>("/api/mcp-servers").then((r) => r.servers),
  createMcpServer: (input: McpServerInput) =>
    request<{ server: McpServer }>("/api/mcp-servers", { method: "POST", body: input }).then((r) => r.server),
  updateMcpServer: (id: string, input: Partial<McpServerInput>) =>
    request<{ server: McpServer }>(`/api/mcp-servers/${encodeURIComponent(id)}`, { method: "PATCH", body: input }).then(
      (r) => r.server,
    ),
  refreshMcpServer: (id: string) =>
    request<{ server: McpServer }>(`/api/mcp-servers/${encodeURIComponent(id)}/refresh`, { method: "POST" }).then(
      (r) => r.server,
    ),
  deleteMcpServer: (id: string) => request<void>(`/api/mcp-servers/${encodeURIComponent(id)}`, { method: "DELETE" }),
  /** Approve or deny an MCP tool call a run waits on (allow it for the rest of the chat with `forThread`). */
  answerMcpApproval: (
    threadId: string,
    runId: string,
    input: { toolCallId: string; approve: boolean; forThread?: boolean },
  ) =>
    request<{ approval: { toolCallId: string; status: string; forThread: boolean } }>(
      `${threadPath(threadId)}/runs/${encodeURIComponent(runId)}/approvals`,
      { method: "POST", body: input },
    ).then((r) => r.approval),
};
