import "server-only";
import path from "node:path";
import { config } from "@/lib/config/env";
import { notFound } from "@/lib/errors";

// Where everything lives under DATA_DIR (design: Storage). Only this module spells out the
// layout, so an object store can replace the filesystem later by swapping lib/storage.
//
//   users/{userId}/threads/{threadId}/
//     .staging/{uuid}                       in-flight bytes (same filesystem: link/rename)
//     user-data/uploads/{name}              what the user uploaded
//     user-data/outputs/{name}              what the agent wrote
//     derived/uploads/{name}/converted.md   markdown companion of a convertible upload
//   users/{userId}/projects/{projectId}/documents/…   the shelf
//   users/{userId}/.staging/{uuid}            an import's uploaded archive while it is read
//
// Companions and staging sit outside user-data/ so the upload and output folders hold only
// the user's and the agent's own files: no reserved names, nothing to filter when listing.

export type ThreadFolder = "uploads" | "outputs";

export interface ThreadRef {
  userId: string;
  threadId: string;
}

const ID_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

/** Whether a folder name could have been made from an id (the sweep skips anything else). */
export function isIdSegment(name: string): boolean {
  return ID_SEGMENT.test(name);
}

/** Ids become path segments; anything but the server's own id alphabet cannot name a folder. */
function idSegment(id: string): string {
  if (!isIdSegment(id)) throw notFound();
  return id;
}

function dataRoot(): string {
  return path.resolve(config().dataDir);
}

/** Every user's folder lives here; the start-up sweep walks it. */
export function usersRoot(): string {
  return path.join(dataRoot(), "users");
}

export function userRoot(userId: string): string {
  return path.join(usersRoot(), idSegment(userId));
}

export function userStagingDir(userId: string): string {
  return path.join(userRoot(userId), ".staging");
}

export function threadsRoot(userId: string): string {
  return path.join(userRoot(userId), "threads");
}

export function threadRoot({ userId, threadId }: ThreadRef): string {
  return path.join(threadsRoot(userId), idSegment(threadId));
}

export function threadStagingDir(ref: ThreadRef): string {
  return path.join(threadRoot(ref), ".staging");
}

export function threadFilesDir(ref: ThreadRef, folder: ThreadFolder): string {
  return path.join(threadRoot(ref), "user-data", folder);
}

export function threadDerivedDir(ref: ThreadRef, folder: ThreadFolder): string {
  return path.join(threadRoot(ref), "derived", folder);
}

/** The root `storedRelpath` of a shelf document is relative to. */
export function projectsRoot(userId: string): string {
  return path.join(userRoot(userId), "projects");
}

export function projectRoot({ userId, projectId }: { userId: string; projectId: string }): string {
  return path.join(projectsRoot(userId), idSegment(projectId));
}

export function projectDocumentsDir(ref: { userId: string; projectId: string }): string {
  return path.join(projectRoot(ref), "documents");
}

export function projectStagingDir(ref: { userId: string; projectId: string }): string {
  return path.join(projectDocumentsDir(ref), ".staging");
}
