import type { ProjectFolder } from "@/lib/generated/prisma/client";

// The wire shape of a shelf folder (docs/architecture.md § "Shelf folders and chat scope"). `path`
// is the folder's names from the root joined by "/"; lineage, nameKey and userId stay server-side.

export interface FolderDto {
  id: string;
  projectId: string;
  parentId: string | null;
  name: string;
  path: string;
  createdAt: string;
}

export type FolderDtoRow = Pick<ProjectFolder, "id" | "projectId" | "parentId" | "name" | "path" | "createdAt">;

export function toFolderDto(row: FolderDtoRow): FolderDto {
  return {
    id: row.id,
    projectId: row.projectId,
    parentId: row.parentId,
    name: row.name,
    path: row.path,
    createdAt: row.createdAt.toISOString(),
  };
}
