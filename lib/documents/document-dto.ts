import { stat } from "node:fs/promises";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { resolveOriginalPath } from "./document-paths";

// The wire shape of a shelf document (api.md "Project documents"). storedRelpath, userId and
// the trash fields stay server-side.

export interface DocumentDto {
  id: string;
  projectId: string;
  name: string;
  sizeBytes: number;
  sha256: string;
  sourceThreadId: string | null;
  sourceKind: "upload" | "output" | null;
  sourceName: string | null;
  createdAt: string;
  updatedAt: string;
  contentMissing: boolean;
}

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

export function toDocumentDto(row: ProjectDocument, contentMissing: boolean): DocumentDto {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    sizeBytes: Number(row.sizeBytes),
    sha256: row.sha256,
    sourceThreadId: row.sourceThreadId,
    sourceKind: row.sourceKind,
    sourceName: row.sourceName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    contentMissing,
  };
}

export async function describeDocument(row: ProjectDocument): Promise<DocumentDto> {
  return toDocumentDto(row, await isContentMissing(row));
}
