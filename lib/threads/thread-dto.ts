import type { Thread } from "@/lib/generated/prisma/client";

export interface ThreadDto {
  id: string;
  title: string;
  projectId: string | null;
  /** "<endpoint>:<model>", or null for the default model. */
  modelId: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toThreadDto(thread: Thread): ThreadDto {
  return {
    id: thread.id,
    title: thread.title,
    projectId: thread.projectId,
    modelId: thread.modelId,
    createdAt: thread.createdAt.toISOString(),
    updatedAt: thread.updatedAt.toISOString(),
  };
}

/** A page of threads (GET /api/threads). */
export interface ThreadPage {
  threads: ThreadDto[];
  total: number;
  nextOffset: number | null;
}
