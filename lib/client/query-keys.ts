/** How many chats the sidebar lists; the workspace layout seeds exactly this page. */
export const RECENT_THREADS_LIMIT = 20;

// One place for cache keys. Prefixes are chosen so that invalidating ["projects"] or
// ["threads"] refreshes every list and detail of that resource at once.
export const queryKeys = {
  config: ["config"] as const,
  models: ["models"] as const,
  projects: ["projects"] as const,
  projectList: ["projects", "list"] as const,
  project: (id: string) => ["projects", "detail", id] as const,
  /** What the next run of a chat in the project receives; under "projects" so edits refresh it. */
  projectContext: (id: string) => ["projects", "context", id] as const,
  /** A project's memory (every state); under "projects" so a restore into it refreshes it. */
  projectNotes: (id: string) => ["projects", "notes", id] as const,
  threads: ["threads"] as const,
  threadLists: ["threads", "list"] as const,
  recentThreads: (limit: number) => ["threads", "list", { limit }] as const,
  projectThreads: (projectId: string) => ["threads", "list", { projectId }] as const,
  thread: (id: string) => ["threads", "detail", id] as const,
  threadContext: (id: string) => ["threads", "context", id] as const,
  /** A chat named elsewhere (a document's source), null once it is gone. */
  threadOrGone: (id: string) => ["threads", "or-gone", id] as const,
  /** Every chat of the user, for pickers (paged 200 at a time). */
  allThreads: ["threads", "list", "all"] as const,
  documents: ["documents"] as const,
  projectDocuments: (projectId: string) => ["documents", "list", { projectId }] as const,
  /** A shelf's folder tree; under "documents" so every shelf change refreshes it. */
  projectFolders: (projectId: string) => ["documents", "folders", { projectId }] as const,
  /** How far the shelf's search index is; under "documents" so every shelf change asks again. */
  searchStatus: (projectId: string) => ["documents", "search-status", { projectId }] as const,
  projectThreadFiles: (projectId: string) => ["documents", "thread-files", { projectId }] as const,
  trash: ["trash"] as const,
  trashedNotes: ["trash", "notes"] as const,
  // A conversation's own data, deliberately outside the ["threads"] prefix: invalidating
  // thread lists (after a rename, a move, a run) must not refetch its files or history.
  threadMessages: (threadId: string) => ["thread", threadId, "messages"] as const,
  /** The thread's summary of its older turns (GET …/summary). */
  threadSummary: (threadId: string) => ["thread", threadId, "summary"] as const,
  threadFiles: (threadId: string) => ["thread", threadId, "files"] as const,
  threadUploads: (threadId: string) => ["thread", threadId, "files", "upload"] as const,
  threadOutputs: (threadId: string) => ["thread", threadId, "files", "output"] as const,
  tokens: ["tokens"] as const,
  mcpServers: ["mcp-servers"] as const,
};
