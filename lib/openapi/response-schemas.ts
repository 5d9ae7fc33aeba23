import { z } from "zod";

// The success bodies of the HTTP API as zod schemas, for the OpenAPI document only: the
// handlers build these from the DTO interfaces (lib/*/…-dto.ts), and
// tests/unit/openapi/response-schemas.test.ts checks each schema's type equals its interface,
// so neither can change without the other. `id` makes each a named component.

const timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 timestamp" });
const nextOffset = z
  .number()
  .int()
  .nullable()
  .meta({ description: "The offset of the next page; null after the last" });

export const projectSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    instructions: z.string(),
    status: z.enum(["active", "archived"]),
    createdAt: timestamp,
    updatedAt: timestamp,
    threadCount: z.number().int(),
    documentCount: z.number().int().meta({ description: "Live (untrashed) documents on the shelf" }),
    forkedFromId: z
      .uuid()
      .nullable()
      .meta({ description: "The project this one was forked from; null when not a fork (or that project is gone)" }),
  })
  .meta({ id: "Project" });

export const deleteProjectResultSchema = z
  .object({ unlinkedThreads: z.number().int(), trashedDocuments: z.number().int() })
  .meta({ id: "DeleteProjectResult" });

export const chatScopeSchema = z
  .object({
    folderIds: z.array(z.string()).meta({ description: "Folders, each with everything below it" }),
    documentIds: z.array(z.string()),
  })
  .meta({ id: "ChatScope" });

export const folderSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    parentId: z.uuid().nullable(),
    name: z.string(),
    path: z.string().meta({ description: "Names from the root, joined by /" }),
    createdAt: timestamp,
  })
  .meta({ id: "Folder" });

export const threadSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    projectId: z.uuid().nullable(),
    modelId: z.string().nullable().meta({ description: '"<endpoint>:<model>", or null for the default model' }),
    scope: chatScopeSchema
      .nullable()
      .meta({ description: "What of its project's shelf the chat sees; null: all of it" }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Thread" });

export const threadPageSchema = z
  .object({ threads: z.array(threadSchema), total: z.number().int(), nextOffset })
  .meta({ id: "ThreadPage" });

export const documentSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    name: z.string(),
    sizeBytes: z.number().int(),
    sha256: z.string(),
    sourceThreadId: z.string().nullable(),
    sourceKind: z.enum(["upload", "output"]).nullable(),
    sourceName: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    contentMissing: z.boolean().meta({ description: "The stored original was last found gone or not its size" }),
    folderId: z.uuid().nullable().meta({ description: "The folder it sits in; null at the root" }),
    folderPath: z.string().nullable().meta({ description: "That folder's path (names joined by /); null at the root" }),
  })
  .meta({ id: "Document" });

export const listedDocumentSchema = documentSchema
  .extend({
    match: z
      .object({
        snippet: z.string().meta({ description: "The best passage's words around the query's, as plain text" }),
        highlights: z
          .array(z.tuple([z.number().int(), z.number().int()]))
          .meta({ description: "[start, end) UTF-16 ranges in `snippet` of the words that matched" }),
        offset: z.number().int().nullable().meta({
          description: "Start of the best passage in the document's text (characters); null when only the name matched",
        }),
        end: z.number().int().nullable().meta({ description: "End of the best passage (exclusive)" }),
        heading: z.string().nullable().meta({ description: "The nearest heading above the passage" }),
        page: z.number().int().nullable().meta({ description: "1-based page of a PDF's passage, else null" }),
        score: z.number().meta({ description: "Relevance, comparable within one search only" }),
      })
      .optional()
      .meta({ description: "With a search (`q`): the document's best passage" }),
  })
  .meta({ id: "ListedDocument" });

export const documentPageSchema = z
  .object({
    documents: z.array(listedDocumentSchema),
    total: z.number().int(),
    nextOffset,
    nextCursor: z.string().nullable().meta({ description: "The next page's keyset cursor; null at the end" }),
  })
  .meta({ id: "DocumentPage" });

export const placedDocumentSchema = z
  .object({
    document: documentSchema,
    deduplicated: z.boolean().meta({ description: "Identical bytes were already on the shelf (status 200, not 201)" }),
  })
  .meta({ id: "PlacedDocument" });

const renamedDocumentSchema = z
  .object({
    from: z.string(),
    to: z.string().meta({ description: "The name it landed with: `y (2).txt` when `y.txt` was taken there" }),
    folderPath: z.string().nullable().meta({ description: "The folder it landed in; null: the root" }),
  })
  .meta({ id: "RenamedDocument" });

const duplicateDocumentSchema = z
  .object({
    name: z.string(),
    existing: documentSchema.meta({
      description: "The document with the same content already in that folder, which stays",
    }),
  })
  .meta({ id: "DuplicateDocument" });

export const transferResultSchema = z
  .object({
    created: z
      .array(documentSchema)
      .meta({ description: "What is now on the target's shelf: the new copies, or the moved documents" }),
    duplicates: z.array(duplicateDocumentSchema),
    renamed: z.array(renamedDocumentSchema),
  })
  .meta({ id: "TransferResult" });

export const mergeResultSchema = z
  .object({
    project: projectSchema.meta({ description: "The target, as it is after the merge" }),
    documents: z.object({
      moved: z.number().int(),
      kept: z.array(duplicateDocumentSchema).meta({ description: "Content the target already had in that folder" }),
      renamed: z.array(renamedDocumentSchema),
    }),
    notes: z.object({
      moved: z.number().int(),
      kept: z.number().int().meta({ description: "Approved notes the target already held (same normalised text)" }),
    }),
    threads: z.object({ moved: z.number().int() }),
  })
  .meta({ id: "MergeResult" });

export const shelfArchiveLandingSchema = z
  .object({
    created: z.array(documentSchema),
    duplicates: z
      .array(z.object({ name: z.string(), existing: documentSchema }))
      .meta({ description: "Entries whose bytes were already on the shelf, with the document that stays" }),
    refused: z
      .array(z.object({ name: z.string(), reason: z.string() }))
      .meta({ description: "Entries the name or size rules refused, and why" }),
  })
  .meta({ id: "ShelfArchiveLanding" });

export const threadFileSchema = z
  .object({
    kind: z.enum(["upload", "output"]),
    filename: z.string(),
    sizeBytes: z.number().int(),
    modifiedAt: timestamp,
    virtualPath: z
      .string()
      .meta({ description: "How the model refers to the file: /mnt/user-data/{uploads|outputs}/…" }),
    artifactUrl: z.string().meta({ description: "Where its bytes are: /api/threads/{id}/artifacts/…" }),
    image: z
      .object({ width: z.number().int(), height: z.number().int() })
      .optional()
      .meta({ description: "Image uploads (PNG, JPEG, WebP, GIF) only: the original's size in pixels" }),
  })
  .meta({ id: "ThreadFile" });

export const threadFilesSchema = z.object({ files: z.array(threadFileSchema) }).meta({ id: "ThreadFileList" });

export const threadFileGroupPageSchema = z
  .object({
    groups: z.array(
      z.object({
        threadId: z.uuid(),
        title: z.string(),
        updatedAt: timestamp,
        files: z.array(threadFileSchema).meta({ description: "At most `fileLimit`, newest first" }),
        truncated: z.boolean().meta({ description: "The chat has more files than `fileLimit`" }),
      }),
    ),
    nextOffset,
    truncated: z.boolean().meta({ description: "Some group on this page was cut at `fileLimit`" }),
  })
  .meta({ id: "ThreadFileGroupPage" });

export const trashedDocumentSchema = documentSchema
  .extend({
    trashedAt: timestamp,
    origin: z.object({
      projectId: z.string(),
      projectName: z.string(),
      folderId: z
        .string()
        .nullish()
        .meta({ description: "The folder it left; restore goes back there while it exists" }),
    }),
    originAvailable: z
      .boolean()
      .meta({ description: "The origin project still exists, is the caller's and is active" }),
    purgeAfter: timestamp.meta({ description: "The first instant the retention sweep may purge it" }),
  })
  .meta({ id: "TrashedDocument" });

export const trashPageSchema = z
  .object({
    documents: z.array(trashedDocumentSchema),
    total: z.number().int(),
    nextOffset,
    retentionDays: z.number().int(),
  })
  .meta({ id: "TrashPage" });

export const restoreResultSchema = z
  .object({
    outcome: z
      .enum(["restored", "merged"])
      .meta({ description: '"merged": the target already had identical bytes; the trashed copy is gone' }),
    document: documentSchema,
  })
  .meta({ id: "RestoreResult" });

export const memorySummarySchema = z
  .object({
    bytes: z
      .number()
      .int()
      .meta({ description: "UTF-8 bytes of the `<memory>` block the next run receives (0 without one)" }),
    maxBytes: z.number().int().meta({ description: "PROJECT_MEMORY_MAX_BYTES" }),
    shown: z.number().int().meta({ description: "Approved notes inside the block, newest first" }),
    total: z.number().int().meta({ description: "Approved notes in all; the rest are read with read_project_memory" }),
  })
  .meta({ id: "MemorySummary" });

export const noteSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    text: z.string(),
    state: z.enum(["proposed", "approved", "dismissed"]),
    origin: z.enum(["user", "agent"]),
    threadId: z
      .string()
      .nullable()
      .meta({ description: "The chat the agent proposed it in; null for the user's own notes" }),
    messageId: z
      .string()
      .nullable()
      .meta({ description: "The answer that proposed it; null for the user's own notes" }),
    reason: z.string().nullable().meta({ description: "Why the agent proposed it; null for the user's own notes" }),
    createdAt: timestamp,
    updatedAt: timestamp,
    approvedAt: timestamp.nullable(),
    forkedFrom: z
      .object({ projectId: z.string().nullable(), projectName: z.string() })
      .nullable()
      .meta({ description: "The project a fork copied this note from (its name then); null for a note made here" }),
  })
  .meta({ id: "Note" });

export const noteListSchema = z
  .object({ notes: z.array(noteSchema), memory: memorySummarySchema })
  .meta({ id: "NoteList" });

export const trashedNoteSchema = noteSchema
  .extend({
    trashedAt: timestamp,
    trashOrigin: z.object({ projectId: z.string(), projectName: z.string() }),
    originAvailable: z
      .boolean()
      .meta({ description: "The origin project still exists, is the caller's and is active" }),
    purgeAfter: timestamp.meta({ description: "The first instant the retention sweep may purge it" }),
  })
  .meta({ id: "TrashedNote" });

export const trashedNotePageSchema = z
  .object({ notes: z.array(trashedNoteSchema), total: z.number().int(), nextOffset, retentionDays: z.number().int() })
  .meta({ id: "TrashedNotePage" });

export const runSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(["running", "completed", "stopped", "failed"]),
    modelId: z.string().nullable(),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    error: z.string().nullable(),
    instanceId: z.string().nullable().meta({ description: "The instance streaming it (running runs only)" }),
    leaseExpiresAt: timestamp.nullable().meta({ description: "Its owner's lease (running runs only)" }),
  })
  .meta({ id: "Run" });

export const runEventSchema = z
  .object({ type: z.string(), createdAt: timestamp, payload: z.unknown() })
  .meta({ id: "RunEvent" });

export const threadSummarySchema = z
  .object({
    text: z.string(),
    throughMessageId: z.string().meta({ description: "The last message the summary covers" }),
    updatedAt: timestamp,
  })
  .meta({ id: "ThreadSummary" });

const runContextSummaryShape = {
  project: z.object({ id: z.uuid(), name: z.string(), archived: z.boolean() }),
  instructions: z.object({ bytes: z.number().int(), maxBytes: z.number().int() }),
  memory: memorySummarySchema,
  index: z.object({
    entries: z.number().int(),
    totalDocuments: z.number().int(),
    bytes: z.number().int(),
    maxBytes: z.number().int(),
    truncated: z.boolean(),
  }),
  omitted: z.object({ count: z.number().int(), documents: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
  scope: z
    .object({
      folderIds: z.array(z.string()),
      documentIds: z.array(z.string()),
      folders: z.array(z.object({ id: z.string(), path: z.string() })).meta({ description: "The scope's folders now" }),
      documents: z
        .array(z.object({ id: z.string(), name: z.string() }))
        .meta({ description: "The scope's documents still on the shelf" }),
    })
    .nullable()
    .meta({ description: "The chat's scope: what the index and the tools see; null: the whole shelf" }),
};

export const projectContextSchema = z.object(runContextSummaryShape).meta({ id: "ProjectContext" });

export const historyContextSchema = z
  .object({
    tokens: z.number().int(),
    budgetTokens: z.number().int(),
    prunedToolResults: z.number().int(),
    summarizedThroughMessageId: z.string().nullable(),
  })
  .meta({ id: "HistoryContext" });

export const threadContextSchema = z
  .union([
    z.object({ ...runContextSummaryShape, history: historyContextSchema }),
    z.object({ project: z.null(), history: historyContextSchema }),
  ])
  .meta({ id: "ThreadContext", description: "What the next run receives; `project` is null for a chat outside one" });

/** An AI SDK UI message; its parts are described, not spelt out (text, reasoning, tool-*, file, step-start…). */
export const threadMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(["system", "user", "assistant"]),
    parts: z.array(z.looseObject({ type: z.string() })).meta({ description: "AI SDK UI message parts" }),
    metadata: z.object({
      attachments: z
        .array(
          z.object({
            filename: z.string(),
            sizeBytes: z.number().int(),
            virtualPath: z.string(),
            image: z.object({ width: z.number().int(), height: z.number().int() }).optional(),
          }),
        )
        .optional(),
      modelId: z.string().optional(),
      imagesOmitted: z
        .boolean()
        .optional()
        .meta({ description: "Assistant messages: the model ran without the turn's images (it cannot see them)" }),
      notices: z.array(z.looseObject({ kind: z.enum(["model_fallback", "tools_unsupported"]) })).optional(),
      mcpNotices: z
        .array(z.looseObject({ kind: z.enum(["mcp_server_left_out", "mcp_tools_left_out"]) }))
        .optional()
        .meta({ description: "Assistant messages: MCP servers or tools the run left out (and why)" }),
    }),
    sources: z
      .array(
        z.object({
          kind: z.enum(["document", "upload", "output"]),
          documentId: z.string().optional(),
          name: z.string(),
          ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
          available: z.boolean().optional(),
        }),
      )
      .optional()
      .meta({ description: "Assistant messages: what the agent read, and whether it can still be opened" }),
    citations: z
      .array(
        z.object({
          n: z.number().int().meta({ description: "The number the answer's text cites as [n]" }),
          kind: z.enum(["document", "upload", "output"]),
          documentId: z.string().nullable().meta({ description: "The shelf document; null for a chat file" }),
          name: z.string(),
          start: z.number().int().meta({ description: "Start of the passage in the text (characters)" }),
          end: z.number().int().meta({ description: "End of the passage (exclusive)" }),
          page: z.number().int().nullable().meta({ description: "1-based page of a PDF, else null" }),
          quote: z.string().meta({ description: "The passage's text, at most 300 characters" }),
          available: z
            .boolean()
            .meta({ description: "false once the document is trashed or purged or the file deleted" }),
        }),
      )
      .optional()
      .meta({ description: "Assistant messages: each passage its text cites as [n]" }),
    createdAt: timestamp.optional(),
  })
  .meta({ id: "ThreadMessage" });

export const tokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ description: "The secret's first characters" }),
    createdAt: timestamp,
    expiresAt: timestamp.nullable(),
    lastUsedAt: timestamp.nullable(),
  })
  .meta({ id: "ApiToken" });

export const mcpServerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    url: z.string(),
    transport: z.enum(["http", "sse"]),
    headerNames: z.array(z.string()).meta({ description: "The headers sent; their values are write-only" }),
    auth: z.enum(["none", "headers", "oauth"]),
    status: z.enum(["connected", "needs_authorization", "unreachable", "refused"]),
    lastError: z.string().nullable(),
    tools: z.array(z.object({ name: z.string(), description: z.string(), readOnly: z.boolean() })),
    enabledFor: z.enum(["all", "projects"]),
    projectIds: z.array(z.uuid()),
    createdAt: timestamp,
  })
  .meta({ id: "McpServer" });

export const mcpApprovalSchema = z
  .object({
    toolCallId: z.string(),
    status: z.enum(["pending", "approved", "denied", "expired"]),
    forThread: z.boolean(),
  })
  .meta({ id: "McpApproval" });

export const createdTokenSchema = z
  .object({ token: tokenSchema, secret: z.string().meta({ description: "Shown in this answer and nowhere else" }) })
  .meta({ id: "CreatedApiToken" });

export const modelListSchema = z
  .object({
    models: z.array(
      z.object({
        id: z.string(),
        endpoint: z.string(),
        name: z.string(),
        available: z.boolean(),
        tools: z.boolean().nullable(),
        vision: z
          .boolean()
          .nullable()
          .meta({ description: "Whether it sees images; null: unknown until a run learns it" }),
        contextTokens: z.number().int().nullable(),
      }),
    ),
    defaultModelId: z.string().nullable(),
    endpoints: z.array(z.object({ name: z.string(), available: z.boolean() })),
  })
  .meta({ id: "ModelList" });

export const publicConfigSchema = z
  .object({
    instructionsMaxBytes: z.number().int(),
    indexMaxEntries: z.number().int(),
    indexMaxBytes: z.number().int(),
    noteMaxBytes: z.number().int(),
    memoryMaxBytes: z.number().int(),
    trashRetentionDays: z.number().int(),
    uploadMaxBytes: z.number().int(),
    autoConvertDocuments: z.boolean(),
    model: z.object({ configured: z.boolean(), name: z.string().nullable() }),
  })
  .meta({ id: "PublicConfig" });

export const importCountsSchema = z
  .object({ projects: z.number().int(), documents: z.number().int(), threads: z.number().int() })
  .meta({ id: "ImportCounts" });

export const healthSchema = z
  .looseObject({ ok: z.literal(true), database: z.enum(["embedded", "postgres"]) })
  .meta({ id: "Health", description: "For an operator (`?detail=1` with the secret), `eventLoop` and `memory` too" });

export const searchStatusSchema = z
  .object({
    passages: z.number().int().meta({ description: "Passages of the live documents, indexed" }),
    documents: z.number().int().meta({ description: "Live documents on the shelf" }),
    documentsWaiting: z
      .number()
      .int()
      .meta({ description: "Live documents not yet indexed (new, or from an older index)" }),
    embedding: z
      .object({
        model: z.string(),
        dimensions: z.number().int().nullable(),
        embedded: z.number().int().meta({ description: "Live passages with a vector of this model" }),
        waiting: z.number().int().meta({ description: "Live passages still to embed" }),
        stale: z.number().int().meta({ description: "Of those waiting, passages with another model's vector only" }),
        failing: z.number().int().meta({ description: "Live passages the embedder failed on (retried with backoff)" }),
        lastError: z.string().nullable(),
      })
      .nullable()
      .meta({ description: "Null: no embedder configured (EMBEDDING_MODEL); search is by words and names" }),
  })
  .meta({ id: "SearchStatus" });
