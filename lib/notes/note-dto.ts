import type { ProjectNote } from "@/lib/generated/prisma/client";

// The wire shape of a note (api.md "Project memory"). userId and the trash fields stay
// server-side; threadId, messageId and reason are null for the user's own notes.

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
  };
}

/** The memory figures a listing and the context panel show: the block's bytes, its cap, and its notes. */
export interface MemorySummary {
  bytes: number;
  maxBytes: number;
  shown: number;
  total: number;
}
