import type { Project } from "@/lib/generated/prisma/client";

export interface ProjectDto {
  id: string;
  name: string;
  instructions: string;
  status: "active" | "archived";
  createdAt: string;
  updatedAt: string;
  threadCount: number;
  documentCount: number;
  /** The project this one was forked from; null when it is not a fork (or that project is gone). */
  forkedFromId: string | null;
}

export const projectCountsSelect = { _count: { select: { threads: true } } } as const;

type ProjectWithCounts = Project & { _count: { threads: number } };

/** `documentCount`: the project's live shelf documents, kept on its row (migration shelf_at_scale). */
export function toProjectDto(project: ProjectWithCounts): ProjectDto {
  return {
    id: project.id,
    name: project.name,
    instructions: project.instructions,
    status: project.status,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    threadCount: project._count.threads,
    documentCount: project.documentCount,
    forkedFromId: project.forkedFromId,
  };
}

/** What deleting a project did (DELETE /api/projects/{id}). */
export interface DeleteProjectResult {
  unlinkedThreads: number;
  trashedDocuments: number;
}
