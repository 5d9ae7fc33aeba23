import type { ChatScope } from "@/lib/threads/thread-scope";
import { listDocuments } from "../list-documents";

export interface AgentSearchResult {
  results: { documentId: string; name: string; folder: string | null; snippet: string; offset: number | null }[];
}

/**
 * The `search_project_documents` answer: live documents of the pinned project whose name or
 * text contains the query, newest first, each with where the text first matches so the model
 * can read from there. The same search as the shelf's `q`, so the person and the agent find
 * the same documents; trashed ones, and any outside the chat's scope, never appear.
 */
export async function searchShelfForAgent({
  userId,
  projectId,
  scope,
  query,
  limit,
}: {
  userId: string;
  projectId: string;
  scope: ChatScope | null;
  query: string;
  limit: number;
}): Promise<AgentSearchResult> {
  const page = await listDocuments({
    userId,
    projectId,
    scope,
    q: query,
    limit,
    offset: 0,
    sort: "updated",
    order: "desc",
  });
  return {
    results: page.documents.map((document) => ({
      documentId: document.id,
      name: document.name,
      folder: document.folderPath,
      snippet: document.match?.snippet ?? document.name,
      offset: document.match?.offset ?? null,
    })),
  };
}
