import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { placeStagedDocument } from "@/lib/documents/place-document";
import { removeFolderTree } from "@/lib/storage/stored-files";
import { projectRoot, projectStagingDir } from "@/lib/storage/layout";
import { removeFileIfPresent, streamToStaging, type StagedFile } from "@/lib/storage/staging";
import { projectNameKey } from "@/lib/projects/project-fields";
import { normaliseFileName } from "@/lib/files/file-name";
import { ingestThreadUpload } from "@/lib/thread-files/ingest-thread-upload";
import { removeThreadFolder } from "@/lib/storage/remove-thread-folder";
import { writeThreadOutput } from "@/lib/thread-files/write-thread-output";
import type { ExportedDocument, ExportedProject, ExportedThread, Manifest } from "./export-format";
import { importRefused } from "./import-refused";
import { placeTrashedDocument } from "./place-trashed-document";
import type { ImportArchive } from "./read-import-archive";
import { uniqueProjectName } from "./unique-project-name";

export interface ImportCounts {
  projects: number;
  documents: number;
  threads: number;
}

/** Everything this import created so far: what a failure must take away again. */
interface Created {
  projectIds: string[];
  /** Folders of trashed documents whose project was not in the archive. */
  detachedProjectIds: string[];
  threadIds: string[];
}

/**
 * Recreates a checked archive in the caller's account under new ids (design: Portable data).
 * Projects first, active, so documents go through the normal shelf path (staging with hash
 * and size limit, name rules, dedup, bytes before row); then threads with their messages and
 * files (the upload path, with conversion); then trashed documents back to the trash; last,
 * archived projects are archived and every project and thread gets its own timestamps back.
 * Each document's bytes must hash to the manifest's sha256. Nothing runs in one long
 * transaction (PGlite would stall every other request for the whole import): a failure
 * anywhere instead removes every row and folder this import created, then rethrows.
 */
export async function recreateAccount({
  userId,
  archive,
}: {
  userId: string;
  archive: ImportArchive;
}): Promise<ImportCounts> {
  const { manifest } = archive;
  const created: Created = { projectIds: [], detachedProjectIds: [], threadIds: [] };
  try {
    const projectIds = await createProjects(userId, manifest.projects, created);
    const threadIds = new Map<string, string>();
    for (const thread of manifest.threads) {
      threadIds.set(
        thread.key,
        await createThread({
          userId,
          thread,
          projectId: thread.project ? projectIds.get(thread.project)! : null,
          archive,
          created,
        }),
      );
    }
    let documents = 0;
    const shelf = manifest.documents.filter((d) => d.trashed === null && d.path !== null);
    const trashed = manifest.documents.filter((d) => d.trashed !== null && d.path !== null);
    for (const document of shelf) {
      const projectId = projectIds.get(document.project!)!;
      const staged = await stageDocument({ userId, projectId, document, archive });
      const source = document.source
        ? {
            sourceThreadId: document.source.thread ? (threadIds.get(document.source.thread) ?? null) : null,
            sourceKind: document.source.kind,
            sourceName: document.source.name,
          }
        : undefined;
      const placed = await placeStagedDocument({
        userId,
        projectId,
        staged,
        name: normaliseFileName(document.name),
        source,
      });
      if (!placed.deduplicated) documents += 1;
    }
    for (const document of trashed) {
      const projectId = document.project ? projectIds.get(document.project)! : detached(created);
      const projectName = document.project
        ? manifest.projects.find((p) => p.key === document.project)!.name
        : document.trashed!.projectName;
      const staged = await stageDocument({ userId, projectId, document, archive });
      await placeTrashedDocument({
        userId,
        projectId,
        projectName,
        staged,
        name: normaliseFileName(document.name),
        trashedAt: new Date(document.trashed!.at),
      });
      documents += 1;
    }
    await restoreStatesAndTimes(userId, manifest, projectIds, threadIds);
    return { projects: created.projectIds.length, documents, threads: created.threadIds.length };
  } catch (error) {
    await undo(userId, created);
    throw error;
  }
}

function detached(created: Created): string {
  const id = randomUUID();
  created.detachedProjectIds.push(id);
  return id;
}

async function createProjects(
  userId: string,
  projects: ExportedProject[],
  created: Created,
): Promise<Map<string, string>> {
  const db = await getDb();
  const ids = new Map<string, string>();
  const taken = new Set(
    (await db.project.findMany({ where: { userId }, select: { nameKey: true } })).map((p) => p.nameKey),
  );
  for (const project of projects) {
    for (;;) {
      const name = uniqueProjectName(project.name, taken);
      taken.add(projectNameKey(name));
      try {
        const row = await db.project.create({
          data: {
            userId,
            name,
            nameKey: projectNameKey(name),
            instructions: project.instructions,
            createdAt: new Date(project.createdAt),
          },
        });
        created.projectIds.push(row.id);
        ids.set(project.key, row.id);
        break;
      } catch (error) {
        // Someone created that name meanwhile: it is now taken, so the next candidate is tried.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
  return ids;
}

async function createThread({
  userId,
  thread,
  projectId,
  archive,
  created,
}: {
  userId: string;
  thread: ExportedThread;
  projectId: string | null;
  archive: ImportArchive;
  created: Created;
}): Promise<string> {
  const db = await getDb();
  const row = await db.thread.create({
    data: { userId, projectId, title: thread.title, createdAt: new Date(thread.createdAt) },
  });
  created.threadIds.push(row.id);
  // One insert in order: seq (the history's order) follows the rows' order.
  await db.message.createMany({
    data: thread.messages.map((message) => ({
      id: randomUUID(),
      threadId: row.id,
      role: message.role,
      parts: message.parts as Prisma.InputJsonValue,
      metadata: (message.metadata ?? undefined) as Prisma.InputJsonValue | undefined,
      createdAt: new Date(message.createdAt),
    })),
  });
  for (const file of thread.files) {
    if (file.kind === "upload") {
      await ingestThreadUpload({ userId, threadId: row.id, name: file.name, stream: archive.entryBytes(file.path) });
    } else {
      // Outputs are the agent's UTF-8 text, written whole by one call, like the tool does.
      await writeThreadOutput({
        userId,
        threadId: row.id,
        name: file.name,
        content: await utf8Text(archive.entryBytes(file.path), file.path),
      });
    }
  }
  return row.id;
}

async function utf8Text(chunks: AsyncGenerator<Buffer>, path: string): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts));
  } catch {
    throw importRefused("corrupt_entry", `the chat output "${path}" is not UTF-8 text`);
  }
}

/** The document's bytes in the project's staging, hashed; they must be the bytes the manifest names. */
async function stageDocument({
  userId,
  projectId,
  document,
  archive,
}: {
  userId: string;
  projectId: string;
  document: ExportedDocument;
  archive: ImportArchive;
}): Promise<StagedFile> {
  const staged = await streamToStaging({
    stagingDir: projectStagingDir({ userId, projectId }),
    source: archive.entryBytes(document.path!),
    maxBytes: config().uploadMaxBytes,
  });
  if (staged.sha256 !== document.sha256) {
    await removeFileIfPresent(staged.path);
    throw importRefused("manifest_mismatch", `"${document.path}" does not have the sha256 the manifest gives`);
  }
  return staged;
}

async function restoreStatesAndTimes(
  userId: string,
  manifest: Manifest,
  projectIds: Map<string, string>,
  threadIds: Map<string, string>,
): Promise<void> {
  const db = await getDb();
  for (const project of manifest.projects) {
    await db.project.updateMany({
      where: { id: projectIds.get(project.key)!, userId },
      data: { status: project.status, updatedAt: new Date(project.updatedAt) },
    });
  }
  for (const thread of manifest.threads) {
    await db.thread.updateMany({
      where: { id: threadIds.get(thread.key)!, userId },
      data: { updatedAt: new Date(thread.updatedAt) },
    });
  }
}

/** Compensation: rows first (documents, threads, projects), then every folder they had. */
async function undo(userId: string, created: Created): Promise<void> {
  const db = await getDb();
  const projectIds = [...created.projectIds, ...created.detachedProjectIds];
  try {
    await db.projectDocument.deleteMany({ where: { userId, projectId: { in: projectIds } } });
    await db.thread.deleteMany({ where: { userId, id: { in: created.threadIds } } });
    await db.project.deleteMany({ where: { userId, id: { in: created.projectIds } } });
  } catch (error) {
    console.error("[import] could not remove the rows of a failed import", error);
  }
  await Promise.allSettled([
    ...projectIds.map((projectId) => removeFolderTree(projectRoot({ userId, projectId }))),
    ...created.threadIds.map((threadId) => removeThreadFolder({ userId, threadId })),
  ]);
}
