import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { requireOwnedProject } from "@/lib/projects/require-owned-project";
import { toNoteDto, type MemorySummary, type NoteDto, type NoteState } from "./note-dto";
import { summariseMemory } from "./summarise-memory";

/** The listing's filter: one state, or every state; absent means every state but dismissed. */
export type NoteListFilter = NoteState | "all";

/**
 * GET /api/projects/{id}/notes: the project's live notes (archived projects included: their
 * memory stays readable) with the memory figures the next run would have. Approved notes
 * newest first (memory's order), then the rest newest first. Notes and figures come from one
 * transaction so they agree.
 */
export async function listNotes({
  userId,
  projectId,
  state,
}: {
  userId: string;
  projectId: string;
  state?: NoteListFilter;
}): Promise<{ notes: NoteDto[]; memory: MemorySummary }> {
  return transaction(async (tx) => {
    await requireOwnedProject(tx, { projectId, userId, scope: "any" });
    const states: NoteState[] =
      state === undefined
        ? ["proposed", "approved"]
        : state === "all"
          ? ["proposed", "approved", "dismissed"]
          : [state];
    const rows = await tx.projectNote.findMany({
      where: { projectId, userId, trashedAt: null, state: { in: states } },
      orderBy: [{ approvedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
    });
    const memory = await summariseMemory(tx, { projectId, userId, maxBytes: config().memoryMaxBytes });
    return { notes: rows.map(toNoteDto), memory };
  });
}
