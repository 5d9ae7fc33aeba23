import "server-only";
import path from "node:path";
import { config } from "@/lib/config/env";
import { notFound } from "@/lib/errors";
import { resolveConfined } from "./confine";

// Where everything lives under DATA_DIR (docs/architecture.md § "Disk layout"). Only this module
// spells out the layout, so an object store can replace the filesystem later by swapping
// lib/storage.
//
//   users/{userId}/threads/{threadId}/
//     .staging/{uuid}                       in-flight bytes (same filesystem: link/rename)
//     user-data/uploads/{name}              what the user uploaded
//     user-data/outputs/{name}              what the agent wrote
//     derived/uploads/{name}/converted.md   markdown companion of a convertible upload
//     derived/uploads/{name}/image.json, image.prepared, image.thumb   an image upload's preparation
//     derived/{uploads|outputs}/{name}/{original|converted}.offsets.json   offset sidecar of its text
//   users/{userId}/projects/{projectId}/documents/
//     .staging/{uuid}                       in-flight shelf uploads
//     {sha[:2]}/{sha}/{documentId}/original/{name}
//     {sha[:2]}/{sha}/{documentId}/derived/converted.md
//     {sha[:2]}/{sha}/{documentId}/derived/{original|converted}.offsets.json
//   users/{userId}/.staging/{uuid}            an import's uploaded archive while it is read
//
// Companions and staging sit outside user-data/ so the upload and output folders hold only
// the user's and the agent's own files: no reserved names, nothing to filter when listing.
// A fresh document id per shelf row means different rows never share a path, so bytes at a
// path never change and the converted companion never needs invalidation.

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

const CONVERTED_FILE = "converted.md";

/** The markdown companion of thread upload `name`; the name is confined to the thread's derived folder (404 on escape). */
export async function threadCompanionPath(ref: ThreadRef, name: string): Promise<string> {
  return path.join(await resolveConfined(threadDerivedDir(ref, "uploads"), name), CONVERTED_FILE);
}

/**
 * An image upload's cached preparation (lib/thread-files/prepared-image.ts), in the same folder
 * as a companion, so deleting the upload deletes it: its size and format (`info`), the copy a
 * model is sent (`prepared`) and the thumbnail (`thumb`).
 */
export async function threadImageCachePath(
  ref: ThreadRef,
  name: string,
  file: "info" | "prepared" | "thumb",
): Promise<string> {
  const fileName = file === "info" ? "image.json" : `image.${file}`;
  return path.join(await resolveConfined(threadDerivedDir(ref, "uploads"), name), fileName);
}

/**
 * The character → byte offset sidecar (lib/text/offset-index.ts) of a thread file's text: of
 * the file itself, or of an upload's markdown companion. It sits in the file's own derived
 * folder (the companion's), which goes when the upload is deleted; an output rewritten in
 * place leaves a sidecar that no longer matches its size and time, and is rebuilt.
 */
export async function threadOffsetSidecarPath(
  ref: ThreadRef,
  folder: ThreadFolder,
  name: string,
  text: "original" | "converted",
): Promise<string> {
  return path.join(await resolveConfined(threadDerivedDir(ref, folder), name), `${text}.offsets.json`);
}

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

/** Where the original named `name` goes inside a document folder from documentFolderPath. */
export function originalPathIn(documentFolder: string, name: string): string {
  return path.join(documentFolder, "original", name);
}

/**
 * The absolute path of a stored original. The relative path comes from the database, so it
 * is resolved and re-checked against the user's projects root on every read (404 on escape).
 */
export function resolveOriginalPath({
  userId,
  storedRelpath,
}: {
  userId: string;
  storedRelpath: string;
}): Promise<string> {
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

/**
 * The character → byte offset sidecar (lib/text/offset-index.ts) of the document's text: of
 * its original when that is the text, or of derived/converted.md. Derived data, like the
 * conversion: rebuilt when missing or stale, removed on purge.
 */
export function offsetSidecarPathFor(originalPath: string, text: "original" | "converted"): string {
  return path.join(documentFolderOf(originalPath), "derived", `${text}.offsets.json`);
}

/** A shelf image's cached preparation for the model (view_image), in its derived folder like the conversion. */
export function documentImageCachePathFor(originalPath: string, file: "info" | "prepared"): string {
  return path.join(documentFolderOf(originalPath), "derived", file === "info" ? "image.json" : "image.prepared");
}

/** The sub-folders of a document folder that hold its files (emptied before the folder goes). */
export function documentFileFolders(documentFolder: string): string[] {
  return ["original", "derived"].map((sub) => path.join(documentFolder, sub));
}

/**
 * A stored document's own folder ({sha[:2]}/{sha}/{documentId}, holding original/ and
 * derived/) and the project's documents folder three levels above it, both absolute. The
 * stored path is re-confined to the user's projects root on the way (a 404 on escape).
 */
export async function locateDocumentFolder(row: {
  userId: string;
  storedRelpath: string;
}): Promise<{ originalPath: string; folder: string; documentsDir: string }> {
  const originalPath = await resolveOriginalPath(row);
  const folder = documentFolderOf(originalPath);
  return { originalPath, folder, documentsDir: path.resolve(folder, "..", "..", "..") };
}

/** The documents folder inside a project folder found by walking `projectsRoot` (any name, not only ids). */
export function documentsDirIn(projectFolder: string): string {
  return path.join(projectFolder, "documents");
}

/**
 * The relative folder (as `documentFolderOf(storedRelpath)` spells it) of a document folder
 * found `levels` deep below a project's documents folder by the sweep.
 */
export function documentFolderRelpathOf(projectId: string, levels: readonly string[]): string {
  return [projectId, "documents", ...levels].join("/");
}
