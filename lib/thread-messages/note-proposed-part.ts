// The part a run's answer carries for each note the agent proposed
// (docs/architecture.md § "The path of a run", step 7): `{type: "data-note-proposed", id: noteId,
// data: {noteId}}`. Stored with the message, so the proposal's card survives a reload and shows on
// every instance. Pure: safe in the browser.

export const NOTE_PROPOSED_PART = "data-note-proposed";

export interface NoteProposedData {
  noteId: string;
}

export function isNoteProposedPart(part: {
  type: string;
}): part is { type: typeof NOTE_PROPOSED_PART; data: NoteProposedData } {
  if (part.type !== NOTE_PROPOSED_PART) return false;
  const data = (part as { data?: unknown }).data;
  return typeof data === "object" && data !== null && typeof (data as { noteId?: unknown }).noteId === "string";
}
