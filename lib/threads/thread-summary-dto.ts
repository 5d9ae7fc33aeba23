/** A thread's conversation summary on the wire (GET /api/threads/{id}/summary). */
export interface ThreadSummaryDto {
  text: string;
  /** The last message the summary covers: the chat draws its divider after it. */
  throughMessageId: string;
  updatedAt: string;
}
