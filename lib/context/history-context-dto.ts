/** The `history` part of GET /api/threads/{id}/context: how much of the model's budget the conversation takes. */
export interface HistoryContext {
  /** The next request without its new message: system prompt, tool schemas, summary, history, project block. */
  tokens: number;
  budgetTokens: number;
  prunedToolResults: number;
  summarizedThroughMessageId: string | null;
}
