import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { isFileOfSize } from "@/lib/storage/stored-files";
import { resolveOriginalPath } from "@/lib/storage/layout";

/**
 * Whether the row's bytes are gone or not what was recorded (missing, not a file, wrong
 * size). Reported, never repaired: reconciliation logs it and keeps the row.
 */
export async function isContentMissing(
  row: Pick<ProjectDocument, "userId" | "storedRelpath" | "sizeBytes">,
): Promise<boolean> {
  try {
    return !(await isFileOfSize(await resolveOriginalPath(row), row.sizeBytes));
  } catch {
    return true; // the stored path escapes its root: nothing servable is there
  }
}
