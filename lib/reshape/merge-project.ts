import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config/env";
import { transaction, type Tx } from "@/lib/db/client";
import { lockOwnedProjectPair } from "@/lib/db/locks";
import { notFound, validationError } from "@/lib/errors";
import { ensureFolderPath } from "@/lib/folders/ensure-folder-path";
import { noteTextKey } from "@/lib/notes/note-fields";
import { deleteLockedProject } from "@/lib/projects/delete-project";
import { mergedInstructions } from "@/lib/projects/merged-instructions";
import { projectCountsSelect, toProjectDto } from "@/lib/projects/project-dto";
import { carryDocuments, readCarriedDocuments, type CarryOutcome } from "./carry-documents";
import type { MergeResult } from "./reshape-dto";

export type MergeAfterwards = "keep" | "archive" | "delete";

/**
 * POST /api/projects/{id}/merge (docs/architecture.md § "Fork, merge and transfer"): everything of
 * this project goes into another of the caller's projects, in one transaction under both projects'
 * locks (taken in id order, so two merges between the same pair in opposite directions queue; the
 * second finds the first's result). Both must be active and the caller's, or 404.
 *
 * - Instructions: the target's stay; the source's are appended under a heading naming the source
 *   when they say something more (lib/projects/merged-instructions.ts). Over the cap is a 422,
 *   decided before anything moves.
 * - Folders: every folder path of the source exists in the target afterwards (made where missing).
 * - Documents: each live one lands under its folder path; content already in that folder is kept
 *   once (the target's row stays, the source's goes), a taken name is numbered `y (2).txt`.
 *   Search text moves with the rows (lib/documents/carry-search-index.ts).
 * - Notes: every live note moves, except an approved note whose text (normalised: noteTextKey)
 *   the target already holds as an approved note: that one is kept once, the target's.
 * - Chats move, their scopes re-pointed at the same folders and documents in the target. A run
 *   already streaming keeps the context it pinned; the chat's next run sees the target.
 * - Afterwards the source is kept (its folders, now empty, and its own instructions stay),
 *   archived, or deleted (as DELETE would: nothing is left to trash but its trash stays).
 */
export async function mergeProject({
  userId,
  projectId,
  intoProjectId,
  afterwards,
}: {
  userId: string;
  projectId: string;
  intoProjectId: string;
  afterwards: MergeAfterwards;
}): Promise<MergeResult> {
  if (intoProjectId === projectId) throw validationError("intoProjectId", "A project cannot be merged into itself.");
  let afterCommit = async () => {};
  const result = await transaction(async (tx) => {
    const [source, target] = await lockOwnedProjectPair(
      tx,
      userId,
      { projectId, scope: "active" },
      { projectId: intoProjectId, scope: "active" },
    );
    if (!source || !target) throw notFound();
    const instructionsOf = async (id: string) =>
      (await tx.project.findFirstOrThrow({ where: { id, userId }, select: { instructions: true } })).instructions;
    const instructions = mergedInstructions({
      target: await instructionsOf(target.id),
      source: await instructionsOf(source.id),
      sourceName: source.name,
      maxBytes: config().instructionsMaxBytes,
    });

    const folderMap = await carryFolderTree(tx, { userId, fromProjectId: source.id, toProjectId: target.id });
    const documents = await tx.projectDocument.findMany({ where: { projectId: source.id, userId, trashedAt: null } });
    const carried = await carryDocuments(tx, {
      userId,
      toProjectId: target.id,
      mode: "move",
      items: documents.map((row) => ({
        row,
        folderNames: row.folderId ? folderMap.get(row.folderId)!.path.split("/") : [],
      })),
    });
    afterCommit = carried.afterCommit;
    const notes = await moveNotes(tx, { userId, fromProjectId: source.id, toProjectId: target.id });
    const threads = await moveThreads(tx, {
      userId,
      fromProjectId: source.id,
      toProjectId: target.id,
      folderMap,
      duplicates: carried.duplicates,
    });
    if (instructions !== null) {
      await tx.project.update({ where: { id: target.id, userId }, data: { instructions } });
    }

    if (afterwards === "archive") {
      await tx.project.update({ where: { id: source.id, userId }, data: { status: "archived" } });
    } else if (afterwards === "delete") {
      await deleteLockedProject(tx, { userId, project: source });
    }

    const kept = await readCarriedDocuments(tx, {
      userId,
      ids: carried.duplicates.map((d) => ({ id: d.existingId, folderPath: d.folderPath })),
    });
    const project = await tx.project.findFirstOrThrow({
      where: { id: target.id, userId },
      include: projectCountsSelect,
    });
    return {
      project: toProjectDto(project),
      documents: {
        moved: carried.landed.length,
        kept: carried.duplicates.map((d, i) => ({ name: d.name, existing: kept[i]! })),
        renamed: carried.renamed,
      },
      notes,
      threads: { moved: threads },
    };
  });
  await afterCommit();
  return result;
}

/** Every folder path of the source, made in the target where missing: source folder id → the target's folder. */
async function carryFolderTree(
  tx: Tx,
  { userId, fromProjectId, toProjectId }: { userId: string; fromProjectId: string; toProjectId: string },
): Promise<Map<string, { id: string; path: string }>> {
  const folders = (await tx.projectFolder.findMany({ where: { projectId: fromProjectId, userId } })).sort(
    (a, b) => a.lineage.length - b.lineage.length,
  );
  const map = new Map<string, { id: string; path: string }>();
  for (const folder of folders) {
    const landed = await ensureFolderPath(tx, { userId, projectId: toProjectId, names: folder.path.split("/") });
    map.set(folder.id, landed!);
  }
  return map;
}

/** The source's live notes into the target, an approved note the target already holds kept once. */
async function moveNotes(
  tx: Tx,
  { userId, fromProjectId, toProjectId }: { userId: string; fromProjectId: string; toProjectId: string },
): Promise<{ moved: number; kept: number }> {
  const held = new Set(
    (
      await tx.projectNote.findMany({
        where: { projectId: toProjectId, userId, state: "approved", trashedAt: null },
        select: { text: true },
      })
    ).map((note) => noteTextKey(note.text)),
  );
  const notes = await tx.projectNote.findMany({
    where: { projectId: fromProjectId, userId, trashedAt: null },
    select: { id: true, text: true, state: true },
  });
  const kept = notes.filter((note) => note.state === "approved" && held.has(noteTextKey(note.text)));
  const keptIds = new Set(kept.map((note) => note.id));
  const moving = notes.filter((note) => !keptIds.has(note.id)).map((note) => note.id);
  if (kept.length > 0) await tx.projectNote.deleteMany({ where: { userId, id: { in: [...keptIds] } } });
  // updatedAt moves on: a run already streaming in the target reads only notes it could have pinned.
  if (moving.length > 0)
    await tx.projectNote.updateMany({ where: { userId, id: { in: moving } }, data: { projectId: toProjectId } });
  return { moved: moving.length, kept: kept.length };
}

/**
 * The source's chats into the target, keeping their own updatedAt (being moved is not activity
 * in a chat). A scoped chat keeps its scope: its folders become the target's folders of the same
 * path, its documents the rows they became (the same ids, or the target's copy they were kept as).
 */
async function moveThreads(
  tx: Tx,
  {
    userId,
    fromProjectId,
    toProjectId,
    folderMap,
    duplicates,
  }: {
    userId: string;
    fromProjectId: string;
    toProjectId: string;
    folderMap: ReadonlyMap<string, { id: string }>;
    duplicates: CarryOutcome["duplicates"];
  },
): Promise<number> {
  const scoped = await tx.thread.findMany({
    where: {
      projectId: fromProjectId,
      userId,
      OR: [{ scopeFolderIds: { isEmpty: false } }, { scopeDocumentIds: { isEmpty: false } }],
    },
    select: { id: true, scopeFolderIds: true, scopeDocumentIds: true },
  });
  const keptAs = new Map(duplicates.map((d) => [d.sourceId, d.existingId]));
  for (const thread of scoped) {
    // An id that no longer names anything stays as it is: it matches nothing there either, and a
    // scope never widens to the whole shelf by losing its last entry.
    const folderIds = [...new Set(thread.scopeFolderIds.map((id) => folderMap.get(id)?.id ?? id))];
    const documentIds = [...new Set(thread.scopeDocumentIds.map((id) => keptAs.get(id) ?? id))];
    await tx.$executeRaw`
      UPDATE "thread" SET "scopeFolderIds" = ${folderIds}::text[], "scopeDocumentIds" = ${documentIds}::text[],
        "updatedAt" = "updatedAt"
      WHERE id = ${thread.id} AND "userId" = ${userId}`;
  }
  return tx.$executeRaw(Prisma.sql`
    UPDATE "thread" SET "projectId" = ${toProjectId}, "updatedAt" = "updatedAt"
    WHERE "projectId" = ${fromProjectId} AND "userId" = ${userId}`);
}
