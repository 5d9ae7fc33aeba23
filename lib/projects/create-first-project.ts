import { getDb } from "@/lib/db/client";
import { projectNameKey } from "./project-fields";

const FIRST_PROJECT_NAME = "My first project";

/** A new account starts with one project so its first screen is not empty. */
export async function createFirstProject(userId: string): Promise<void> {
  const db = await getDb();
  try {
    await db.project.create({
      data: { userId, name: FIRST_PROJECT_NAME, nameKey: projectNameKey(FIRST_PROJECT_NAME) },
    });
  } catch (error) {
    // The account is already created; a missing starter project must not fail sign-up.
    console.warn("[auth] could not create the first project", error);
  }
}
