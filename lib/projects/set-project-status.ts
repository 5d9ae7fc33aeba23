import { getDb } from "@/lib/db/client";
import { isRecordNotFound } from "@/lib/db/prisma-errors";
import { notFound } from "@/lib/errors";
import { projectCountsSelect, toProjectDto, type ProjectDto } from "./project-dto";

/** Archive or unarchive; repeating either is harmless. */
export async function setProjectStatus({
  userId,
  projectId,
  status,
}: {
  userId: string;
  projectId: string;
  status: "active" | "archived";
}): Promise<ProjectDto> {
  const db = await getDb();
  try {
    const project = await db.project.update({
      where: { id: projectId, userId },
      data: { status },
      include: projectCountsSelect,
    });
    return toProjectDto(project);
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound();
    throw error;
  }
}
