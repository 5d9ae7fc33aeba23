import { randomUUID } from "node:crypto";
import { remapCitedDocuments } from "./remap-cited-documents";
import type { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { placeStagedDocument } from "@/lib/documents/place-document";
import { parseFolderPath } from "@/lib/folders/folder-rules";
import { makeFolderPaths } from "@/lib/folders/make-folder-paths";
import { removeFolderTree } from "@/lib/storage/stored-files";
import { projectRoot, projectStagingDir } from "@/lib/storage/layout";
import { removeFileIfPresent, streamToStaging, type StagedFile } from "@/lib/storage/staging";
import { projectNameKey } from "@/lib/projects/project-fields";
import { normaliseFileName } from "@/lib/files/file-name";
import { ingestThreadUpload } from "@/lib/thread-files/ingest-thread-upload";
import { removeThreadFolder } from "@/lib/storage/remove-thread-folder";
import { writeThreadOutput } from "@/lib/thread-files/write-thread-output";
import type { ExportedDocument, ExportedNote, ExportedProject, ExportedThread, Manifest } from "./export-format";
import { importRefused } from "./import-refused";
import { isNoteProposedPart } from "@/lib/thread-messages/note-proposed-part";
import { placeTrashedDocument } from "./place-trashed-document";
import type { ImportArchive } from "./read-import-archive";
import { uniqueProjectName } from "@/lib/projects/unique-project-name";

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
  noteIds: string[];
}

/**
 * Recreates a checked archive in the caller's account under new ids
 * (docs/architecture.md § "Export and import"). Projects first, active, so documents go through the
 * normal shelf path (staging with hash and size limit, name rules, dedup, bytes before row); then
 * threads with their messages and files (the upload path, with conversion); then trashed documents
 * back to the trash; last, archived projects are archived and every project and thread gets its own
 * timestamps back. Each document's bytes must hash to the manifest's sha256. Nothing runs in one
 * long transaction (PGlite would stall every other request for the whole import): a failure
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
  const created: Created = { projectIds: [], detachedProjectIds: [], threadIds: [], noteIds: [] };
  try {
    const projectIds = await createProjects(userId, manifest.projects, created);
    const threadIds = new Map<string, string>();
    const messageIds = new Map<string, string>();
    // Approved notes get their new ids first, so the chats' proposal cards can name them.
    const noteIds = new Map(
      manifest.notes.filter((note) => note.key && note.state === "approved").map((note) => [note.key!, randomUUID()]),
    );
    for (const thread of manifest.threads) {
      threadIds.set(
        thread.key,
        await createThread({
          userId,
          thread,
          projectId: thread.project ? projectIds.get(thread.project)! : null,
          archive,
          created,
          messageIds,
          noteIds,
        }),
      );
    }
    await createNotes({ userId, notes: manifest.notes, projectIds, threadIds, messageIds, noteIds, created });
    // Every shelf's folders first (empty ones too), then each document into its own.
    for (const project of manifest.projects) {
      const paths = (project.folders ?? []).map((path) => parseFolderPath(path));
      await makeFolderPaths({ userId, projectId: projectIds.get(project.key)!, paths });
    }
    let documents = 0;
    // Each document's new id by its key, for the answers that cite it.
    const documentIds = new Map<string, string>();
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
        folders: document.folder ? parseFolderPath(document.folder) : [],
      });
      if (!placed.deduplicated) documents += 1;
      if (document.key) documentIds.set(document.key, placed.document.id);
    }
    await remapCitedDocuments({ userId, threadIds: [...threadIds.values()], documentIds });
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
  messageIds,
  noteIds,
}: {
  userId: string;
  thread: ExportedThread;
  projectId: string | null;
  archive: ImportArchive;
  created: Created;
  /** Filled with each keyed message's new id, for the notes that name one. */
  messageIds: Map<string, string>;
  /** The new id of each approved note, by its key. */
  noteIds: ReadonlyMap<string, string>;
}): Promise<string> {
  const db = await getDb();
  const row = await db.thread.create({
    data: { userId, projectId, title: thread.title, createdAt: new Date(thread.createdAt) },
  });
  created.threadIds.push(row.id);
  // One insert in order: seq (the history's order) follows the rows' order.
  await db.message.createMany({
    data: thread.messages.map((message) => ({
      id: newMessageId(message.key, messageIds),
      threadId: row.id,
      role: message.role,
      parts: withNewNoteIds(message.parts, noteIds) as Prisma.InputJsonValue,
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
      data: {
        status: project.status,
        updatedAt: new Date(project.updatedAt),
        // A fork's origin, when it came in the same archive (every project exists by now).
        forkedFromId: project.forkedFrom ? (projectIds.get(project.forkedFrom) ?? null) : null,
      },
    });
  }
  for (const thread of manifest.threads) {
    await db.thread.updateMany({
      where: { id: threadIds.get(thread.key)!, userId },
      data: { updatedAt: new Date(thread.updatedAt) },
    });
  }
}

/**
 * A proposal card names its note: an approved note's card names the note's new id; a dropped
 * proposal's card goes (its note was never approved, and there is nothing left to decide).
 */
function withNewNoteIds(parts: ExportedThread["messages"][number]["parts"], noteIds: ReadonlyMap<string, string>) {
  return parts.flatMap((part) => {
    if (!isNoteProposedPart(part as { type: string })) return [part];
    const noteId = noteIds.get((part as { data: { noteId: string } }).data.noteId);
    return noteId ? [{ ...part, id: noteId, data: { noteId } }] : [];
  });
}

function newMessageId(key: string | undefined, messageIds: Map<string, string>): string {
  const id = randomUUID();
  if (key) messageIds.set(key, id);
  return id;
}

/**
 * Memory: approved notes come back approved (in their project's memory, or in the trash they
 * were exported from), with their provenance pointing at the new chat and message; proposals
 * and dismissed notes are dropped, since nobody approved them.
 */
async function createNotes({
  userId,
  notes,
  projectIds,
  threadIds,
  messageIds,
  noteIds,
  created,
}: {
  userId: string;
  notes: ExportedNote[];
  projectIds: Map<string, string>;
  threadIds: Map<string, string>;
  messageIds: Map<string, string>;
  noteIds: ReadonlyMap<string, string>;
  created: Created;
}): Promise<void> {
  const db = await getDb();
  for (const note of notes) {
    if (note.state !== "approved") continue;
    const projectId = note.project ? projectIds.get(note.project)! : randomUUID();
    const threadId = note.source?.thread ? (threadIds.get(note.source.thread) ?? null) : null;
    const id = (note.key && noteIds.get(note.key)) || randomUUID();
    await db.projectNote.create({
      data: {
        id,
        userId,
        projectId,
        text: note.text.trim(),
        state: "approved",
        origin: note.origin,
        threadId,
        messageId: threadId && note.source?.message ? (messageIds.get(note.source.message) ?? null) : null,
        reason: note.origin === "agent" ? (note.source?.reason ?? "") : null,
        createdAt: new Date(note.createdAt),
        approvedAt: new Date(note.approvedAt ?? note.createdAt),
        trashedAt: note.trashed ? new Date(note.trashed.at) : null,
        trashOrigin: note.trashed ? { projectId, projectName: note.trashed.projectName } : undefined,
        forkedFrom: note.forkedFrom
          ? {
              projectId: note.forkedFrom.project ? (projectIds.get(note.forkedFrom.project) ?? null) : null,
              projectName: note.forkedFrom.projectName,
            }
          : undefined,
      },
    });
    created.noteIds.push(id);
  }
}

/** Compensation: rows first (documents, threads, projects), then every folder they had. */
async function undo(userId: string, created: Created): Promise<void> {
  const db = await getDb();
  const projectIds = [...created.projectIds, ...created.detachedProjectIds];
  try {
    await db.projectNote.deleteMany({ where: { userId, id: { in: created.noteIds } } });
    await db.projectDocument.deleteMany({ where: { userId, projectId: { in: projectIds } } });
    await db.thread.deleteMany({ where: { userId, id: { in: created.threadIds } } });
    await db.project.deleteMany({ where: { userId, id: { in: created.projectIds } } });
  } catch (error) {
    console.error("[import] could not remove the rows of a failed import", error);
  }
  // A project's folder stays while some row still names bytes in it (a fork made while the
  // import ran shares them); the sweep collects what no row names.
  const stillNamed = await db.projectDocument
    .findMany({
      where: { userId, OR: projectIds.map((projectId) => ({ storedRelpath: { startsWith: `${projectId}/` } })) },
      select: { storedRelpath: true },
      distinct: ["storedRelpath"],
    })
    .catch(() => null);
  const removable = projectIds.filter(
    (projectId) => stillNamed !== null && !stillNamed.some((row) => row.storedRelpath.startsWith(`${projectId}/`)),
  );
  await Promise.allSettled([
    ...removable.map((projectId) => removeFolderTree(projectRoot({ userId, projectId }))),
    ...created.threadIds.map((threadId) => removeThreadFolder({ userId, threadId })),
  ]);
}
