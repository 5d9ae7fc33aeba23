import type { Metadata } from "next";
import { ProjectView } from "@/components/projects/project-view";
import { loadPageProject } from "../../page-data";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadPageProject((await params).id);
  return { title: project.name };
}

export default async function ProjectPage({ params }: Props) {
  const project = await loadPageProject((await params).id);
  return <ProjectView initialProject={project} />;
}
