import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { isRecordNotFound, isUniqueViolation } from "@/lib/db/prisma-errors";
import { notFound } from "@/lib/errors";
import { nameTakenError } from "./create-project";
import { assertInstructionsWithinCap, projectNameKey } from "./project-fields";
import { projectCountsSelect, toProjectDto, type ProjectDto } from "./project-dto";

export async function updateProject({
  userId,
  projectId,
  name,
  instructions,
}: {
  userId: string;
  projectId: string;
  name?: string;
  instructions?: string;
}): Promise<ProjectDto> {
  if (instructions !== undefined) assertInstructionsWithinCap(instructions, config().instructionsMaxBytes);
  const db = await getDb();
  try {
    const project = await db.project.update({
      where: { id: projectId, userId },
      data: {
        ...(name !== undefined ? { name, nameKey: projectNameKey(name) } : {}),
        ...(instructions !== undefined ? { instructions } : {}),
      },
      include: projectCountsSelect,
    });
    return toProjectDto(project);
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound();
    if (isUniqueViolation(error)) throw nameTakenError();
    throw error;
  }
}
