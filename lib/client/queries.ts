"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError, api, type Project, type SearchStatus, type ShelfView, type Thread } from "./api";
import { queryKeys, RECENT_THREADS_LIMIT } from "./query-keys";

/** Server limits never change while the server runs; the workspace layout seeds them. */
export function useConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: api.config, staleTime: Infinity });
}

/**
 * Every endpoint's models. The server caches each endpoint's list for minutes; a minute here
 * keeps the picker from asking on every chat page while still noticing a server coming back.
 */
export function useModels() {
  return useQuery({ queryKey: queryKeys.models, queryFn: api.listModels, staleTime: 60_000 });
}

/** Every project of the user, active and archived, newest activity first. */
export function useProjects() {
  return useQuery({ queryKey: queryKeys.projectList, queryFn: () => api.listProjects("all") });
}

export function useProject(id: string, initialData: Project) {
  return useQuery({ queryKey: queryKeys.project(id), queryFn: () => api.getProject(id), initialData });
}

export function useRecentThreads() {
  return useQuery({
    queryKey: queryKeys.recentThreads(RECENT_THREADS_LIMIT),
    queryFn: () => api.listThreads({ limit: RECENT_THREADS_LIMIT }),
  });
}

/** A project's chats, newest first, one page at a time (nextOffset is null after the last). */
export function useProjectThreads(projectId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.projectThreads(projectId),
    queryFn: ({ pageParam }) => api.listThreads({ projectId, limit: THREADS_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });
}

export function useThread(id: string, initialData: Thread) {
  return useQuery({ queryKey: queryKeys.thread(id), queryFn: () => api.getThread(id), initialData });
}

/** One page of the shelf: a screenful or two, fetched as the list scrolls near its end. */
export const DOCUMENTS_PAGE_SIZE = 100;

/**
 * A project's shelf in one sort order, optionally searched, page by page by cursor (each page
 * costs the server O(page)). Keyed under projectDocuments(projectId), so every invalidation
 * of the shelf refreshes every view of it.
 */
export function useProjectDocuments(projectId: string, view: ShelfView) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.projectDocuments(projectId), view] as const,
    queryFn: ({ pageParam }) =>
      api.listDocuments(projectId, { ...view, limit: DOCUMENTS_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A new search or sort of the same shelf keeps its rows on screen until its first page
    // arrives; another project's rows never stand in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].projectId === projectId ? previous : undefined,
  });
}

/**
 * How far the shelf's search index is, asked again every `pollMs(status)` milliseconds while
 * that says so (work remains), and on any change of the shelf.
 */
export function useSearchStatus(projectId: string, pollMs: (status: SearchStatus | undefined) => number | false) {
  return useQuery({
    queryKey: queryKeys.searchStatus(projectId),
    queryFn: () => api.searchStatus(projectId),
    refetchInterval: (query) => pollMs(query.state.data),
  });
}

/** A chat's scope (null: the whole shelf), from the chat's own cached detail. */
export function useThreadScope(threadId: string) {
  return useQuery({
    queryKey: queryKeys.thread(threadId),
    queryFn: () => api.getThread(threadId),
    select: (thread: Thread) => thread.scope,
  });
}

/** Every folder of a shelf, in path order (a shelf has at most a few hundred). */
export function useProjectFolders(projectId: string | null) {
  return useQuery({
    queryKey: queryKeys.projectFolders(projectId ?? ""),
    queryFn: () => api.listFolders(projectId!),
    enabled: projectId !== null,
  });
}

/** The largest page GET /api/threads serves; pickers load further pages on demand. */
export const THREADS_PAGE_SIZE = 200;

/** Every chat of the user, newest first, for choosing one (e.g. where to attach a document). */
export function useAllThreads() {
  return useInfiniteQuery({
    queryKey: queryKeys.allThreads,
    queryFn: ({ pageParam }) => api.listThreads({ limit: THREADS_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });
}

/**
 * One chat by id, or null once the server says it is gone (deleted, or never the caller's):
 * a document saved from a deleted chat still names where it came from.
 */
export function useThreadOrGone(id: string | null) {
  return useQuery({
    queryKey: queryKeys.threadOrGone(id ?? ""),
    queryFn: () =>
      api.getThread(id!).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

/** Threads per page of the conversation-files view, and files shown per thread. */
export const THREAD_FILES_PAGE = { threadLimit: 20, fileLimit: 50 } as const;

/** The uploads and outputs of a project's chats, grouped by chat, a page of chats at a time. */
export function useProjectThreadFiles(projectId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.projectThreadFiles(projectId),
    queryFn: ({ pageParam }) => api.listThreadFiles(projectId, { offset: pageParam, ...THREAD_FILES_PAGE }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });
}

export const TRASH_PAGE_SIZE = 100;

/** The user's trashed documents (listing runs the server's lazy retention sweep first). */
export function useTrash() {
  return useInfiniteQuery({
    queryKey: queryKeys.trash,
    queryFn: ({ pageParam }) => api.listTrash({ limit: TRASH_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });
}

/** The user's trashed notes (listing purges the expired ones first). */
export function useTrashedNotes() {
  return useInfiniteQuery({
    queryKey: queryKeys.trashedNotes,
    queryFn: ({ pageParam }) => api.listTrashedNotes({ limit: TRASH_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });
}

/**
 * A project's memory: every note (proposals, approved, dismissed) and the block's figures.
 * Read fresh when shown: the agent proposes from chats in other tabs.
 */
export function useProjectNotes(projectId: string | null) {
  return useQuery({
    queryKey: queryKeys.projectNotes(projectId ?? ""),
    queryFn: () => api.listNotes(projectId!),
    enabled: projectId !== null,
    staleTime: 0,
  });
}

/** A chat's uploads and the agent's outputs (the files panel, a truncated group's full list). */
export function useThreadFiles(threadId: string, enabled = true) {
  const uploads = useQuery({
    queryKey: queryKeys.threadUploads(threadId),
    queryFn: () => api.threadUploads(threadId),
    enabled,
  });
  const outputs = useQuery({
    queryKey: queryKeys.threadOutputs(threadId),
    queryFn: () => api.threadOutputs(threadId),
    enabled,
  });
  return { uploads, outputs };
}

/**
 * What the next run of a chat receives. Always read fresh when shown: instructions and the
 * shelf change from other tabs and from the agent's own runs.
 */
export function useThreadContext(threadId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.threadContext(threadId),
    queryFn: () => api.threadContext(threadId),
    enabled,
    staleTime: 0,
  });
}

export function useProjectContext(projectId: string) {
  return useQuery({
    queryKey: queryKeys.projectContext(projectId),
    queryFn: () => api.projectContext(projectId),
    staleTime: 0,
  });
}

/** The user's MCP servers (Settings → MCP servers). */
export function useMcpServers() {
  return useQuery({ queryKey: queryKeys.mcpServers, queryFn: api.listMcpServers });
}

/** The user's API tokens (Settings → API tokens). */
export function useTokens() {
  return useQuery({ queryKey: queryKeys.tokens, queryFn: api.listTokens });
}

/** The summary the model reads instead of a long chat's older turns (null until it needs one); refreshed after each run. */
export function useThreadSummary(threadId: string) {
  return useQuery({ queryKey: queryKeys.threadSummary(threadId), queryFn: () => api.threadSummary(threadId) });
}
