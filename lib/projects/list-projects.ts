import { getDb } from "@/lib/db/client";
import { projectCountsSelect, toProjectDto, type ProjectDto } from "./project-dto";
import { recentlyUpdatedFirst } from "@/lib/db/recently-updated-first";

export type ProjectStatusFilter = "active" | "archived" | "all";

export async function listProjects({
  userId,
  status,
}: {
  userId: string;
  status: ProjectStatusFilter;
}): Promise<ProjectDto[]> {
  const db = await getDb();
  const projects = await db.project.findMany({
    where: { userId, ...(status === "all" ? {} : { status }) },
    include: projectCountsSelect,
    orderBy: recentlyUpdatedFirst(),
  });
  return projects.map((project) => toProjectDto(project));
}
