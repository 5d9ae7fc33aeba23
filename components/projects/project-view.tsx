"use client";

import type { Project } from "@/lib/client/api";
import { useProject } from "@/lib/client/queries";
import { ProjectHeader } from "./project-header";
import { ProjectTabs } from "./project-tabs";

/**
 * The project page: the server's first read seeds the cache, later edits update it. It uses
 * a wide screen's width (the shelf's rows need it); forms keep a readable measure in their tabs.
 */
export function ProjectView({ initialProject }: { initialProject: Project }) {
  const { data: project } = useProject(initialProject.id, initialProject);
  return (
    <div className="mx-auto max-w-screen-2xl px-6 py-8 lg:px-10">
      <ProjectHeader project={project} />
      <ProjectTabs project={project} />
    </div>
  );
}
