import { z } from "zod";

// The export archive, format version 1 (docs/architecture.md § "Export and import"). One schema for
// both sides: export writes exactly this, import accepts nothing else. Entities refer to each other
// by `key` (their id at export time) because import gives everything new ids; files are named by
// their `path` inside the zip, and every path the manifest names must be an entry of the archive
// and the other way round (transcripts aside, which import regenerates nothing from).

export const FORMAT_VERSION = 1;
export const MANIFEST_PATH = "manifest.json";

const isoDate = z.iso.datetime();

const exportedProjectSchema = z.object({
  key: z.string().min(1),
  name: z.string(),
  instructions: z.string(),
  status: z.enum(["active", "archived"]),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Every folder of its shelf by path (`a/b`), empty ones included; absent in archives from before folders. */
  folders: z.array(z.string()).optional(),
  /** The key of the project it was forked from, when that project is in this archive too. */
  forkedFrom: z.string().min(1).nullish(),
});

const exportedDocumentSchema = z.object({
  /** Its id at export time: the chats' sources and citations name it (absent in older archives). */
  key: z.string().min(1).optional(),
  /** The project it is on, or was trashed from; null when that project no longer exists. */
  project: z.string().nullable(),
  name: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  sizeBytes: z.number().int().nonnegative(),
  source: z.object({ thread: z.string().nullable(), kind: z.enum(["upload", "output"]), name: z.string() }).nullable(),
  /** Set for a trashed document (only in `?trash=true` exports), with the project's name then. */
  trashed: z.object({ at: isoDate, projectName: z.string() }).nullable(),
  createdAt: isoDate,
  /** Null when the stored file was missing at export time: listed, but with no bytes to carry. */
  path: z.string().nullable(),
  /** The path of the shelf folder it sits in (`a/b`); null or absent at the root (and in the trash). */
  folder: z.string().nullish(),
});

const exportedThreadFileSchema = z.object({
  kind: z.enum(["upload", "output"]),
  name: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  path: z.string(),
});

const exportedMessageSchema = z.object({
  /** Its id at export time, so a note can name the answer that proposed it (absent in older archives). */
  key: z.string().min(1).optional(),
  role: z.enum(["user", "assistant", "system"]),
  // The AI SDK UI message parts as stored: text, tool calls with their results, files.
  parts: z.array(z.record(z.string(), z.unknown())),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});

const exportedThreadSchema = z.object({
  key: z.string().min(1),
  title: z.string(),
  project: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  messages: z.array(exportedMessageSchema),
  files: z.array(exportedThreadFileSchema),
  transcript: z.string(),
});

const exportedNoteSchema = z.object({
  /** Its id at export time: the chat's `data-note-proposed` parts name it. */
  key: z.string().min(1).optional(),
  /** The project it is in, or was trashed from; null when that project no longer exists. */
  project: z.string().nullable(),
  text: z.string(),
  state: z.enum(["proposed", "approved", "dismissed"]),
  origin: z.enum(["user", "agent"]),
  /** Where the agent proposed it (chat and message keys of this archive) and why; null for the user's own notes. */
  source: z.object({ thread: z.string().nullable(), message: z.string().nullable(), reason: z.string() }).nullable(),
  /** Set for a trashed note (only in `?trash=true` exports), with the project's name then. */
  trashed: z.object({ at: isoDate, projectName: z.string() }).nullable(),
  createdAt: isoDate,
  approvedAt: isoDate.nullable(),
  /** Where a fork copied it from: that project's key when it is in this archive, and its name then. */
  forkedFrom: z.object({ project: z.string().nullable(), projectName: z.string() }).nullish(),
});

/** A connection to an MCP server, named only: its secrets are never exported. */
const exportedMcpServerSchema = z.object({
  name: z.string(),
  url: z.string(),
  transport: z.enum(["http", "sse"]),
  auth: z.enum(["none", "headers", "oauth"]),
  headerNames: z.array(z.string()),
  enabledFor: z.enum(["all", "projects"]),
  projects: z.array(z.string()),
  secretsOmitted: z.literal(true),
  note: z.string(),
});

export const manifestSchema = z.object({
  formatVersion: z.literal(FORMAT_VERSION),
  exportedAt: isoDate,
  projects: z.array(exportedProjectSchema),
  documents: z.array(exportedDocumentSchema),
  threads: z.array(exportedThreadSchema),
  /** Project memory; absent in archives from before it existed. */
  notes: z.array(exportedNoteSchema).default([]),
  /** MCP servers, without their secrets; absent in archives from before them. Import leaves them out. */
  mcpServers: z.array(exportedMcpServerSchema).default([]),
});

export type ExportedProject = z.infer<typeof exportedProjectSchema>;
export type ExportedDocument = z.infer<typeof exportedDocumentSchema>;
export type ExportedThread = z.infer<typeof exportedThreadSchema>;
export type ExportedThreadFile = z.infer<typeof exportedThreadFileSchema>;
export type ExportedMessage = z.infer<typeof exportedMessageSchema>;
export type ExportedNote = z.infer<typeof exportedNoteSchema>;
export type Manifest = z.infer<typeof manifestSchema>;
