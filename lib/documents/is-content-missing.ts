import { stat } from "node:fs/promises";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { resolveOriginalPath } from "./document-paths";

/**
 * Whether the row's bytes are gone or not what was recorded (missing, not a file, wrong
 * size). Reported, never repaired: reconciliation logs it and keeps the row.
 */
export async function isContentMissing(row: Pick<ProjectDocument, "userId" | "storedRelpath" | "sizeBytes">): Promise<boolean> {
  try {
    const stats = await stat(await resolveOriginalPath(row));
    return !stats.isFile() || BigInt(stats.size) !== row.sizeBytes;
  } catch {
    return true;
  }
}
