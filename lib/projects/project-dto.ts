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
}

export const projectCountsSelect = { _count: { select: { threads: true } } } as const;

type ProjectWithCounts = Project & { _count: { threads: number } };

export function toProjectDto(project: ProjectWithCounts): ProjectDto {
  return {
    id: project.id,
    name: project.name,
    instructions: project.instructions,
    status: project.status,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    threadCount: project._count.threads,
    // The document shelf is not built yet: no project has documents.
    documentCount: 0,
  };
}
