import type { ProjectNote } from "@/lib/generated/prisma/client";

// The wire shape of a note. userId and the trash fields stay server-side; threadId, messageId and
// reason are null for the user's own notes.

export type NoteState = "proposed" | "approved" | "dismissed";

export interface NoteDto {
  id: string;
  projectId: string;
  text: string;
  state: NoteState;
  origin: "user" | "agent";
  threadId: string | null;
  messageId: string | null;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  /**
   * The project a fork copied this note from, by its name then (projectId null when an import
   * did not bring that project along); null for a note made here.
   */
  forkedFrom: { projectId: string | null; projectName: string } | null;
}

export function toNoteDto(row: ProjectNote): NoteDto {
  return {
    id: row.id,
    projectId: row.projectId,
    text: row.text,
    state: row.state,
    origin: row.origin,
    threadId: row.threadId,
    messageId: row.messageId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    forkedFrom: readForkedFrom(row.forkedFrom),
  };
}

/** The memory figures a listing and the context panel show: the block's bytes, its cap, and its notes. */
export interface MemorySummary {
  bytes: number;
  maxBytes: number;
  shown: number;
  total: number;
}

/** The note's `forkedFrom` column ({projectId, projectName, noteId}, written by a fork), as the API shows it. */
function readForkedFrom(value: ProjectNote["forkedFrom"]): NoteDto["forkedFrom"] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { projectId, projectName } = value as Record<string, unknown>;
  if (typeof projectName !== "string") return null;
  return { projectId: typeof projectId === "string" ? projectId : null, projectName };
}
