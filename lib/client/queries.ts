"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api, type Project, type Thread } from "./api";
import { queryKeys, RECENT_THREADS_LIMIT } from "./query-keys";

/** Server limits never change while the server runs; the workspace layout seeds them. */
export function useConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: api.config, staleTime: Infinity });
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

export function useProjectThreads(projectId: string) {
  return useQuery({
    queryKey: queryKeys.projectThreads(projectId),
    queryFn: () => api.listThreads({ projectId, limit: 200 }),
  });
}

export function useThread(id: string, initialData: Thread) {
  return useQuery({ queryKey: queryKeys.thread(id), queryFn: () => api.getThread(id), initialData });
}

/** The server's largest page: a shelf of up to 1,000 documents arrives in one request. */
export const DOCUMENTS_PAGE_SIZE = 1000;

/** A project's shelf, newest first, one page at a time (nextOffset is null after the last). */
export function useProjectDocuments(projectId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.projectDocuments(projectId),
    queryFn: ({ pageParam }) => api.listDocuments(projectId, { limit: DOCUMENTS_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });
}
