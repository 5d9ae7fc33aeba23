import type { UIMessageChunk } from "ai";
import { NOTE_PROPOSED_PART } from "@/lib/thread-messages/note-proposed-part";
import { PROPOSE_PROJECT_NOTE } from "@/lib/thread-messages/tool-names";
import { mapChunks } from "./map-chunks";

/**
 * Follows each result of propose_project_note that made (or found) a proposal with a
 * `data-note-proposed` part, so the answer carries the proposal's card: in the live stream,
 * in the persisted batches followers replay, and in the stored message. The part's id is the
 * note's, so a note proposed twice in one answer shows one card. Read off the same tool chunks
 * the client renders, one chunk per read asked of it (map-chunks.ts).
 */
export function withNoteProposals(stream: ReadableStream<UIMessageChunk>): ReadableStream<UIMessageChunk> {
  const proposalCalls = new Set<string>();
  return mapChunks(stream, (chunk, enqueue) => {
    enqueue(chunk);
    if (
      (chunk.type === "tool-input-start" || chunk.type === "tool-input-available") &&
      chunk.toolName === PROPOSE_PROJECT_NOTE
    )
      proposalCalls.add(chunk.toolCallId);
    else if (chunk.type === "tool-output-available" && proposalCalls.has(chunk.toolCallId)) {
      const noteId = proposedNoteId(chunk.output);
      if (noteId) enqueue({ type: NOTE_PROPOSED_PART, id: noteId, data: { noteId } });
    }
  });
}

/** The note of a result that stands as a proposal (new, or the same text already proposed). */
function proposedNoteId(output: unknown): string | null {
  if (!output || typeof output !== "object") return null;
  const { noteId, state } = output as { noteId?: unknown; state?: unknown };
  return typeof noteId === "string" && state === "proposed" ? noteId : null;
}
