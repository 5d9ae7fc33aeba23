import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { projectCountsSelect, toProjectDto, type ProjectDto } from "./project-dto";

export async function getProjectOrThrow({
  projectId,
  userId,
}: {
  projectId: string;
  userId: string;
}): Promise<ProjectDto> {
  const db = await getDb();
  const project = await db.project.findFirst({ where: { id: projectId, userId }, include: projectCountsSelect });
  if (!project) throw notFound();
  return toProjectDto(project);
}
