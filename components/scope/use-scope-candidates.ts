"use client";

import { useQuery } from "@tanstack/react-query";
import { api, type Folder, type ListedDocument } from "@/lib/client/api";
import { useProjectFolders } from "@/lib/client/queries";

/** What a scope picker offers for a search: matching folders (by path) and shelf documents (the shelf's own search). */
export function useScopeCandidates(projectId: string | null, query: string) {
  const folders = useProjectFolders(projectId).data ?? [];
  const needle = query.trim().toLowerCase();
  const matchingFolders: Folder[] = folders.filter((folder) => folder.path.toLowerCase().includes(needle)).slice(0, 8);
  const documents = useQuery({
    queryKey: ["documents", "scope-candidates", { projectId, q: needle }],
    queryFn: () => api.listDocuments(projectId!, { sort: "updated", order: "desc", q: needle, limit: 8, cursor: null }),
    enabled: projectId !== null,
    staleTime: 10_000,
  });
  const matchingDocuments: ListedDocument[] = documents.data?.documents ?? [];
  return { folders: matchingFolders, documents: matchingDocuments, allFolders: folders };
}
