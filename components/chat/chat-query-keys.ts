// Cache keys of the chat. Deliberately outside the ["threads"] prefix: invalidating thread
// lists (after a rename, a move, a run) must not refetch a conversation's files or history.
export const chatKeys = {
  messages: (threadId: string) => ["chat", threadId, "messages"] as const,
  files: (threadId: string) => ["chat", threadId, "files"] as const,
  uploads: (threadId: string) => ["chat", threadId, "files", "upload"] as const,
  outputs: (threadId: string) => ["chat", threadId, "files", "output"] as const,
};
