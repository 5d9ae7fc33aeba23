import type { Thread } from "@/lib/generated/prisma/client";
import { chatScopeOf, type ChatScope } from "./thread-scope";

export interface ThreadDto {
  id: string;
  title: string;
  projectId: string | null;
  /** "<endpoint>:<model>", or null for the default model. */
  modelId: string | null;
  /** The folders and documents of its project the chat sees; null: the whole shelf. */
  scope: ChatScope | null;
  createdAt: string;
  updatedAt: string;
}

export function toThreadDto(thread: Thread): ThreadDto {
  return {
    id: thread.id,
    title: thread.title,
    projectId: thread.projectId,
    modelId: thread.modelId,
    scope: chatScopeOf(thread),
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
