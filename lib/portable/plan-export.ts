import { exportMcpServers, type ExportedMcpServer } from "@/lib/mcp/export-mcp-servers";
import path from "node:path";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { resolveOriginalPath } from "@/lib/storage/layout";
import { isFileOfSize } from "@/lib/storage/stored-files";
import { threadFilesDir } from "@/lib/storage/layout";
import { listThreadFiles } from "@/lib/thread-files/list-thread-files";
import { folderOfKind } from "@/lib/thread-files/thread-file-dto";
import { readTrashOrigin } from "@/lib/trash/trash-origin";
import { claimPath, folderSegment } from "./archive-paths";
import {
  MANIFEST_PATH,
  type ExportedDocument,
  type ExportedNote,
  type ExportedProject,
  type ExportedThreadFile,
} from "./export-format";

// What an export will contain, decided before the first byte is written: every row's
// metadata and every file's path in the archive (names made unique once, here). Only this
// metadata is held in memory (a few hundred bytes a document); messages and file bytes are
// read while the archive streams.

const FILE_CHECKS_AT_ONCE = 32;
const DOCUMENTS_PER_PAGE = 500;

const documentSelect = {
  id: true,
  projectId: true,
  name: true,
  storedRelpath: true,
  sha256: true,
  sizeBytes: true,
  sourceThreadId: true,
  sourceKind: true,
  sourceName: true,
  trashedAt: true,
  trashOrigin: true,
  createdAt: true,
  folderId: true,
} as const;

type DocumentRow = Prisma.ProjectDocumentGetPayload<{ select: typeof documentSelect }>;

export interface PlannedFile {
  /** Path inside the archive. */
  path: string;
  /** Where the bytes are on disk. */
  source: string;
  sizeBytes: number;
}

export interface PlannedThread {
  id: string;
  title: string;
  project: string | null;
  projectName: string | null;
  createdAt: string;
  updatedAt: string;
  transcript: string;
  files: (ExportedThreadFile & { source: string })[];
}

export interface ExportPlan {
  exportedAt: string;
  projects: ExportedProject[];
  documents: ExportedDocument[];
  documentFiles: PlannedFile[];
  threads: PlannedThread[];
  notes: ExportedNote[];
  mcpServers: ExportedMcpServer[];
  /** Bytes of all files carried (before the manifest and transcripts): the progress estimate. */
  fileBytes: number;
}

export async function planExport({
  userId,
  includeTrash,
}: {
  userId: string;
  includeTrash: boolean;
}): Promise<ExportPlan> {
  const db = await getDb();
  const taken = new Set<string>([MANIFEST_PATH]);

  const projectRows = await db.project.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  // Folder paths by id, and each shelf's folders: at most 8 levels of names per folder.
  const folderRows = await db.projectFolder.findMany({
    where: { userId },
    select: { id: true, projectId: true, path: true },
    orderBy: [{ path: "asc" }, { id: "asc" }],
  });
  const folderPaths = new Map(folderRows.map((row) => [row.id, row.path]));
  const projectFolders = new Map<string, string>();
  const projectNames = new Map<string, string>();
  const exportedIds = new Set(projectRows.map((row) => row.id));
  const projects: ExportedProject[] = projectRows.map((row) => {
    projectFolders.set(row.id, claimPath(taken, "projects", folderSegment(row.name, "project"), "folder"));
    projectNames.set(row.id, row.name);
    return {
      key: row.id,
      name: row.name,
      instructions: row.instructions,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      folders: folderRows.filter((folder) => folder.projectId === row.id).map((folder) => folder.path),
      forkedFrom: row.forkedFromId && exportedIds.has(row.forkedFromId) ? row.forkedFromId : null,
    };
  });

  const threadRows = await db.thread.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const threadKeys = new Set(threadRows.map((row) => row.id));

  const documents: ExportedDocument[] = [];
  const documentFiles: PlannedFile[] = [];
  let fileBytes = 0;
  // Rows are read a page at a time (keyset on createdAt, id), so the database never hands
  // over the whole shelf at once; only the plan's own small records accumulate.
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: DocumentRow[] = await db.projectDocument.findMany({
      where: {
        userId,
        ...(includeTrash ? {} : { trashedAt: null }),
        ...(after
          ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
          : {}),
      },
      select: documentSelect,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: DOCUMENTS_PER_PAGE,
    });
    if (page.length === 0) break;
    after = page.at(-1)!;
    const exportedRows = page.filter((row) => row.trashedAt !== null || projectFolders.has(row.projectId));
    // Where each original is and whether it is intact: confined and checked per file, many
    // at a time rather than one after another (a realpath and a stat each).
    const sources: (string | null)[] = [];
    for (let i = 0; i < exportedRows.length; i += FILE_CHECKS_AT_ONCE) {
      sources.push(
        ...(await Promise.all(
          exportedRows.slice(i, i + FILE_CHECKS_AT_ONCE).map(async (row) => {
            const source = await resolveOriginalPath({ userId, storedRelpath: row.storedRelpath }).catch(() => null);
            return source !== null && (await isFileOfSize(source, row.sizeBytes)) ? source : null;
          }),
        )),
      );
    }
    for (const [i, row] of exportedRows.entries()) {
      const onShelf = row.trashedAt === null;
      const origin = onShelf ? null : readTrashOrigin(row);
      const folder = onShelf ? `${projectFolders.get(row.projectId)}/documents` : "trash";
      const source = sources[i]!;
      const archivePath = source !== null ? claimPath(taken, folder, row.name, "file") : null;
      if (archivePath && source) {
        documentFiles.push({ path: archivePath, source, sizeBytes: Number(row.sizeBytes) });
        fileBytes += Number(row.sizeBytes);
      }
      documents.push({
        key: row.id,
        project: projectFolders.has(row.projectId) ? row.projectId : null,
        name: row.name,
        sha256: row.sha256,
        sizeBytes: Number(row.sizeBytes),
        source:
          row.sourceKind && row.sourceName
            ? {
                thread: row.sourceThreadId && threadKeys.has(row.sourceThreadId) ? row.sourceThreadId : null,
                kind: row.sourceKind,
                name: row.sourceName,
              }
            : null,
        trashed: row.trashedAt && origin ? { at: row.trashedAt.toISOString(), projectName: origin.projectName } : null,
        createdAt: row.createdAt.toISOString(),
        path: archivePath,
        folder: onShelf && row.folderId ? (folderPaths.get(row.folderId) ?? null) : null,
      });
    }
  }

  const threads: PlannedThread[] = [];
  for (const row of threadRows) {
    // The transcript sits beside the folder as `<folder>.md`: both names must be free.
    let folder: string;
    do folder = claimPath(taken, "threads", folderSegment(row.title, "chat"), "folder");
    while (taken.has(`${folder}.md`.toLowerCase()));
    const transcript = `${folder}.md`;
    taken.add(transcript.toLowerCase());
    const files: PlannedThread["files"] = [];
    for (const kind of ["upload", "output"] as const) {
      const dir = threadFilesDir({ userId, threadId: row.id }, folderOfKind[kind]);
      for (const file of await listThreadFiles({ userId, threadId: row.id, kind })) {
        const archivePath = claimPath(taken, `${folder}/${folderOfKind[kind]}`, file.filename, "file");
        files.push({
          kind,
          name: file.filename,
          sizeBytes: file.sizeBytes,
          path: archivePath,
          source: path.join(dir, file.filename),
        });
        fileBytes += file.sizeBytes;
      }
    }
    const project = row.projectId && projectFolders.has(row.projectId) ? row.projectId : null;
    threads.push({
      id: row.id,
      title: row.title,
      project,
      projectName: project ? (projectNames.get(project) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      transcript,
      files,
    });
  }

  // Notes are short (PROJECT_NOTE_MAX_BYTES each) and few: read whole, with their provenance.
  const noteRows = await db.projectNote.findMany({
    where: { userId, ...(includeTrash ? {} : { trashedAt: null }) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const notes: ExportedNote[] = noteRows
    .filter((row) => row.trashedAt !== null || projectFolders.has(row.projectId))
    .map((row) => {
      const origin = row.trashedAt ? readTrashOrigin(row) : null;
      return {
        key: row.id,
        project: projectFolders.has(row.projectId) ? row.projectId : null,
        text: row.text,
        state: row.state,
        origin: row.origin,
        source:
          row.origin === "agent"
            ? {
                thread: row.threadId && threadKeys.has(row.threadId) ? row.threadId : null,
                message: row.threadId && threadKeys.has(row.threadId) ? row.messageId : null,
                reason: row.reason ?? "",
              }
            : null,
        trashed: row.trashedAt && origin ? { at: row.trashedAt.toISOString(), projectName: origin.projectName } : null,
        createdAt: row.createdAt.toISOString(),
        approvedAt: row.approvedAt?.toISOString() ?? null,
        forkedFrom: exportedForkOrigin(row.forkedFrom, exportedIds),
      };
    });

  const mcpServers = await exportMcpServers(userId, new Set(projectFolders.keys()));

  return {
    exportedAt: new Date().toISOString(),
    projects,
    documents,
    documentFiles,
    threads,
    notes,
    mcpServers,
    fileBytes,
  };
}

/** A note's fork origin as the archive names it: the project's key only when that project is in the archive. */
function exportedForkOrigin(value: unknown, exportedIds: ReadonlySet<string>): ExportedNote["forkedFrom"] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { projectId, projectName } = value as Record<string, unknown>;
  if (typeof projectName !== "string") return null;
  return { project: typeof projectId === "string" && exportedIds.has(projectId) ? projectId : null, projectName };
}
