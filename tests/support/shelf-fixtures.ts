import path from "node:path";
import { utimes } from "node:fs/promises";
import { getDb } from "@/lib/db/client";
import type { DocumentDto } from "@/lib/documents/document-dto";
import { projectsRoot } from "@/lib/storage/layout";
import { readdirOrEmpty } from "@/lib/storage/aged-removal";
import type { Api } from "./route-client";

// Small steps the trash, sweep and shelf tests share: a project, a document on its shelf,
// that document in the trash, where its bytes are, and ageing files for the 24-hour guard.

export async function newProject(api: Api, name = `P ${crypto.randomUUID().slice(0, 8)}`): Promise<string> {
  const res = await api("POST", "/api/projects", { json: { name } });
  if (res.status !== 201) throw new Error(`project create failed: ${res.status}`);
  return ((await res.json()) as { project: { id: string } }).project.id;
}

export async function uploadDocument(
  api: Api,
  projectId: string,
  name: string,
  content: BlobPart,
): Promise<DocumentDto> {
  const body = new FormData();
  body.append("file", new File([content], name));
  const res = await api("POST", `/api/projects/${projectId}/documents`, { body });
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { document: DocumentDto }).document;
}

export async function trashDocument(api: Api, projectId: string, documentId: string): Promise<void> {
  const res = await api("DELETE", `/api/projects/${projectId}/documents/${documentId}`);
  if (res.status !== 204) throw new Error(`trash failed: ${res.status}`);
}

/** Uploads a document and moves it to the trash. */
export async function trashedDocument(
  api: Api,
  projectId: string,
  name: string,
  content: BlobPart,
): Promise<DocumentDto> {
  const document = await uploadDocument(api, projectId, name, content);
  await trashDocument(api, projectId, document.id);
  return document;
}

export async function documentRow(id: string) {
  return (await getDb()).projectDocument.findUnique({ where: { id } });
}

/** The absolute original path and document folder of a stored row. */
export async function storedPaths(id: string): Promise<{ original: string; folder: string }> {
  const row = await (await getDb()).projectDocument.findUniqueOrThrow({ where: { id } });
  const original = path.join(projectsRoot(row.userId), row.storedRelpath);
  return { original, folder: path.dirname(path.dirname(original)) };
}

/** Sets the mtime of `target` and everything under it to `hoursAgo` hours in the past. */
export async function age(target: string, hoursAgo = 25): Promise<void> {
  const when = new Date(Date.now() - hoursAgo * 60 * 60 * 1000);
  for (const entry of await readdirOrEmpty(target)) await age(path.join(target, entry.name), hoursAgo);
  await utimes(target, when, when);
}

export const errno = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: injected by the test`), { code });
