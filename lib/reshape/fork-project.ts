import { randomUUID } from "node:crypto";
import { transaction, type Tx } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { carrySearchIndex } from "@/lib/documents/carry-search-index";
import { notFound } from "@/lib/errors";
import { nameTakenError } from "@/lib/projects/create-project";
import { projectNameKey } from "@/lib/projects/project-fields";
import { projectCountsSelect, toProjectDto, type ProjectDto } from "@/lib/projects/project-dto";
import { uniqueProjectName } from "@/lib/projects/unique-project-name";

/**
 * POST /api/projects/{id}/fork (docs/architecture.md § "Fork, merge and transfer"): a new project
 * with the source's instructions, its approved notes (their provenance kept, and where they were
 * forked from), its folder tree and every live document, in one transaction under the source's
 * lock, so the fork is the source as it was at one instant. Documents are new rows naming the same
 * stored bytes (no file is copied; a purge removes bytes only with the last row naming them). No
 * chats and nothing from the trash come along. An archived project can be forked; the fork is
 * active. Without a name the fork is called after its source, numbered ("Thesis (2)").
 */
export async function forkProject({
  userId,
  projectId,
  name,
}: {
  userId: string;
  projectId: string;
  name?: string;
}): Promise<ProjectDto> {
  let indexCopies = () => {};
  const project = await transaction(async (tx) => {
    const source = await lockOwnedProject(tx, { projectId, userId, scope: "any" });
    if (!source) throw notFound();
    const { instructions } = await tx.project.findFirstOrThrow({
      where: { id: source.id, userId },
      select: { instructions: true },
    });
    const forkName = name ?? (await freeNameAfter(tx, userId, source.name));
    const forkId = randomUUID();
    try {
      // The unique (userId, nameKey) index decides a clash; it ends the transaction with nothing made.
      await tx.project.create({
        data: {
          id: forkId,
          userId,
          name: forkName,
          nameKey: projectNameKey(forkName),
          instructions,
          forkedFromId: source.id,
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTakenError();
      throw error;
    }

    const folderIds = await copyFolderTree(tx, { userId, fromProjectId: source.id, toProjectId: forkId });
    const copied = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "project_document" (id, "projectId", "userId", "name", "storedRelpath", sha256, "sizeBytes",
        "sourceThreadId", "sourceKind", "sourceName", "contentMissing", "folderId", "createdAt", "updatedAt")
      SELECT gen_random_uuid()::text, ${forkId}, d."userId", d."name", d."storedRelpath", d.sha256, d."sizeBytes",
        d."sourceThreadId", d."sourceKind", d."sourceName", d."contentMissing", m."to", d."createdAt", d."updatedAt"
      FROM "project_document" d
      LEFT JOIN unnest(${[...folderIds.keys()]}::text[], ${[...folderIds.values()]}::text[]) AS m("from", "to")
        ON m."from" = d."folderId"
      WHERE d."projectId" = ${source.id} AND d."userId" = ${userId} AND d."trashedAt" IS NULL
      RETURNING id`;
    indexCopies = carrySearchIndex(copied.map((row) => row.id));

    const notes = await tx.projectNote.findMany({
      where: { projectId: source.id, userId, state: "approved", trashedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    if (notes.length > 0) {
      await tx.projectNote.createMany({
        data: notes.map((note) => ({
          projectId: forkId,
          userId,
          text: note.text,
          state: note.state,
          origin: note.origin,
          threadId: note.threadId,
          messageId: note.messageId,
          reason: note.reason,
          createdAt: note.createdAt,
          updatedAt: note.updatedAt,
          approvedAt: note.approvedAt,
          forkedFrom: { projectId: source.id, projectName: source.name, noteId: note.id },
        })),
      });
    }
    return tx.project.findFirstOrThrow({ where: { id: forkId, userId }, include: projectCountsSelect });
  });
  indexCopies();
  return toProjectDto(project);
}

/** The source's name, numbered where taken: "Thesis (2)", "Thesis (3)" … */
async function freeNameAfter(tx: Tx, userId: string, name: string) {
  const taken = await tx.project.findMany({ where: { userId }, select: { nameKey: true } });
  return uniqueProjectName(name, new Set(taken.map((project) => project.nameKey)));
}

/**
 * The source's folders, recreated on the fork with new ids, parents before children; returns
 * each source folder's id → its copy's id.
 */
async function copyFolderTree(
  tx: Tx,
  { userId, fromProjectId, toProjectId }: { userId: string; fromProjectId: string; toProjectId: string },
): Promise<Map<string, string>> {
  const folders = (await tx.projectFolder.findMany({ where: { projectId: fromProjectId, userId } })).sort(
    (a, b) => a.lineage.length - b.lineage.length,
  );
  const ids = new Map(folders.map((folder) => [folder.id, randomUUID()]));
  if (folders.length === 0) return ids;
  await tx.projectFolder.createMany({
    data: folders.map((folder) => ({
      id: ids.get(folder.id)!,
      projectId: toProjectId,
      userId,
      parentId: folder.parentId === null ? null : ids.get(folder.parentId)!,
      name: folder.name,
      nameKey: folder.nameKey,
      path: folder.path,
      lineage: folder.lineage.map((id) => ids.get(id)!),
      createdAt: folder.createdAt,
    })),
  });
  return ids;
}
