import { countActiveDocuments } from "@/lib/documents/count-active-documents";
import { getDb } from "@/lib/db/client";
import { projectCountsSelect, toProjectDto, type ProjectDto } from "./project-dto";

export type ProjectStatusFilter = "active" | "archived" | "all";

export async function listProjects({ userId, status }: { userId: string; status: ProjectStatusFilter }): Promise<ProjectDto[]> {
  const db = await getDb();
  const projects = await db.project.findMany({
    where: { userId, ...(status === "all" ? {} : { status }) },
    include: projectCountsSelect,
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
  });
  const documentCounts = await countActiveDocuments(db, { userId, projectIds: projects.map((project) => project.id) });
  return projects.map((project) => toProjectDto(project, documentCounts.get(project.id) ?? 0));
}
