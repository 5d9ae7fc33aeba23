"use client";

import type { TrashedDocument } from "@/lib/client/api";
import { useProjects } from "@/lib/client/queries";

export type OriginState = "available" | "archived" | "deleted" | "unknown";

/** Whether a trashed document's own project is there to restore into, archived, or gone. */
export function useOriginState(): (document: TrashedDocument) => OriginState {
  const projects = useProjects();
  return (document) => {
    if (document.originAvailable) return "available";
    if (!projects.data) return "unknown";
    const origin = projects.data.find((project) => project.id === document.origin.projectId);
    if (!origin) return "deleted";
    return origin.status === "archived" ? "archived" : "unknown";
  };
}
