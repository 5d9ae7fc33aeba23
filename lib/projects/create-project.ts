import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { validationError } from "@/lib/errors";
import { assertInstructionsWithinCap, projectNameKey } from "./project-fields";
import { projectCountsSelect, toProjectDto, type ProjectDto } from "./project-dto";

export function nameTakenError() {
  return validationError("name", "You already have a project with this name.");
}

export async function createProject({
  userId,
  name,
  instructions = "",
}: {
  userId: string;
  name: string;
  instructions?: string;
}): Promise<ProjectDto> {
  assertInstructionsWithinCap(instructions, config().instructionsMaxBytes);
  const db = await getDb();
  try {
    // The unique (userId, nameKey) index decides a clash, so two concurrent creates cannot both win.
    const project = await db.project.create({
      data: { userId, name, nameKey: projectNameKey(name), instructions },
      include: projectCountsSelect,
    });
    // A project is created with an empty shelf.
    return toProjectDto(project);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenError();
    throw error;
  }
}
