import type { Project } from "@/lib/client/api";
import { ArchiveProjectSection } from "./archive-project-section";
import { DeleteProjectSection } from "./delete-project-section";
import { RenameProjectForm } from "./rename-project-form";

export function ProjectSettings({ project }: { project: Project }) {
  return (
    <div className="space-y-5">
      <RenameProjectForm project={project} />
      <ArchiveProjectSection project={project} />
      <DeleteProjectSection project={project} />
    </div>
  );
}
