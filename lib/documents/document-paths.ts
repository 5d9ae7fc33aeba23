import path from "node:path";
import { resolveConfined } from "@/lib/storage/confine";
import { projectDocumentsDir, projectsRoot } from "@/lib/storage/layout";

// Where one shelf document's bytes live (design: Storage):
//   {projectId}/documents/{sha[:2]}/{sha}/{documentId}/original/{name}
//   {projectId}/documents/{sha[:2]}/{sha}/{documentId}/derived/converted.md
// A fresh document id per row means different rows never share a path, so bytes at a path
// never change and the converted companion never needs invalidation.

const CONVERTED_FILE = "converted.md";

export interface DocumentLocation {
  projectId: string;
  sha256: string;
  documentId: string;
}

/** The document's own folder, relative to `projectsRoot(userId)`. */
export function documentFolderRelpath({ projectId, sha256, documentId }: DocumentLocation): string {
  return path.posix.join(projectId, "documents", sha256.slice(0, 2), sha256, documentId);
}

/** `storedRelpath`: relative to `users/{userId}/projects/`, generated here and nowhere else. */
export function originalRelpath(location: DocumentLocation, name: string): string {
  return path.posix.join(documentFolderRelpath(location), "original", name);
}

/** The absolute folder of a document about to be placed (the project's own documents dir). */
export function documentFolderPath({ userId, ...location }: DocumentLocation & { userId: string }): string {
  // projectDocumentsDir validates the project id as a path segment.
  const documentsDir = projectDocumentsDir({ userId, projectId: location.projectId });
  return path.join(documentsDir, location.sha256.slice(0, 2), location.sha256, location.documentId);
}

/**
 * The absolute path of a stored original. The relative path comes from the database, so it
 * is resolved and re-checked against the user's projects root on every read (404 on escape).
 */
export function resolveOriginalPath({ userId, storedRelpath }: { userId: string; storedRelpath: string }): Promise<string> {
  return resolveConfined(projectsRoot(userId), storedRelpath);
}

/**
 * The document's own folder ({sha[:2]}/{sha}/{documentId}) of its original's path, absolute
 * or relative (`storedRelpath`): the folder above `original/`.
 */
export function documentFolderOf(originalPath: string): string {
  return path.dirname(path.dirname(originalPath));
}

/** `derived/converted.md` beside the `original/` folder of the same document. */
export function convertedPathFor(originalPath: string): string {
  return path.join(documentFolderOf(originalPath), "derived", CONVERTED_FILE);
}
