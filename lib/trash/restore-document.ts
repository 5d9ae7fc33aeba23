import { transaction } from "@/lib/db/client";
import { lockOwnedDocument, lockOwnedProject } from "@/lib/db/locks";
import { toDocumentDto } from "@/lib/documents/document-dto";
import type { RestoreResult } from "./trashed-document-dto";
import { isContentMissing } from "@/lib/documents/is-content-missing";
import { contentMissing } from "@/lib/documents/open-document-original";
import { noteContentFound, recordContentMissing } from "@/lib/documents/record-content-missing";
import { Prisma, type ProjectDocument } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { discardDocumentFolder } from "./discard-document-folder";
import { readTrashOrigin } from "./trash-origin";

type Decision =
  | { outcome: "restored"; document: ProjectDocument & { folderPath: string | null } }
  | { outcome: "merged"; document: ProjectDocument & { folderPath: string | null }; discarded: ProjectDocument }
  /** A file was found gone: nothing changed, the row is flagged once the transaction ends. */
  | { outcome: "missing"; documentId: string; error: AppError };

const survivorMissing = () =>
  new AppError(
    "content_missing",
    "The identical document already on that shelf is missing its stored file. Move it to the trash first, then restore this one.",
  );

/**
 * POST /api/trash/documents/{docId}/restore
 * (docs/architecture.md § "Where each design rule lives"), one transaction:
 *
 * 1. Target: `projectId` when given, else the project the row was trashed from. It must be
 *    the caller's and active, or the answer is 404 (the UI then offers a project picker).
 * 2. Lock the target project, then the trashed row and the merge candidate (the target's
 *    active row with the same sha256, as dedup would pick it) in id order; re-check the row
 *    is still the caller's and still trashed (404 otherwise: restored or purged meanwhile).
 * 3. The original must exist with its recorded size, else 409 content_missing and the row
 *    stays trashed: a half-purged row is never activated. Purge holds the same row lock
 *    across its unlinks, so this check cannot interleave with one.
 * 4. A candidate exists → delete the trashed row ("merged"); its folder is removed after
 *    commit. Otherwise re-point the row to the target and clear the trash fields
 *    ("restored"). No file moves: storedRelpath is relative to the user's projects root.
 */
export async function restoreDocument({
  userId,
  documentId,
  projectId,
}: {
  userId: string;
  documentId: string;
  projectId?: string | null;
}): Promise<RestoreResult> {
  const decision = await transaction(async (tx): Promise<Decision> => {
    // Unlocked first look, only to learn the origin and the hash: the project lock must be
    // taken before any document lock. Both are confirmed once the row is locked.
    const glimpse = await tx.projectDocument.findFirst({
      where: { id: documentId, userId, trashedAt: { not: null } },
      select: { projectId: true, trashOrigin: true, sha256: true },
    });
    if (!glimpse) throw notFound();
    const targetId = projectId ?? readTrashOrigin(glimpse).projectId;
    const target = await lockOwnedProject(tx, { projectId: targetId, userId, scope: "active" });
    if (!target) throw notFound();

    // Under the target's lock its active rows cannot change (every insert, trash, restore and
    // project delete takes it), so the candidate chosen now is still the one after locking.
    const candidate = await tx.projectDocument.findFirst({
      where: { projectId: target.id, userId, sha256: glimpse.sha256, trashedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    const locked = new Map<string, ProjectDocument | null>();
    for (const id of [documentId, ...(candidate ? [candidate.id] : [])].sort()) {
      locked.set(id, await lockOwnedDocument(tx, { documentId: id, userId }));
    }

    const source = locked.get(documentId);
    if (!source || source.trashedAt === null) throw notFound();
    // Restored and trashed again elsewhere between the first look and the lock: the origin
    // this request resolved is no longer the row's.
    if (!projectId && readTrashOrigin(source).projectId !== targetId) throw notFound();
    if (await isContentMissing(source)) return { outcome: "missing", documentId: source.id, error: contentMissing() };

    const survivor = candidate ? locked.get(candidate.id) : null;
    if (survivor && survivor.trashedAt === null && survivor.projectId === target.id) {
      // The merge keeps the survivor's bytes and drops these: never drop good bytes for a
      // row whose own file is gone.
      if (await isContentMissing(survivor))
        return { outcome: "missing", documentId: survivor.id, error: survivorMissing() };
      await noteContentFound(survivor, false, tx);
      await tx.projectDocument.delete({ where: { id: source.id, userId } });
      const survivorFolder = survivor.folderId
        ? await tx.projectFolder.findFirst({ where: { id: survivor.folderId, userId }, select: { path: true } })
        : null;
      return {
        outcome: "merged",
        document: { ...survivor, contentMissing: false, folderPath: survivorFolder?.path ?? null },
        discarded: source,
      };
    }
    // Back into the folder it left when that folder is still on the target's shelf (the target
    // project's lock guards its folders too), else at the root.
    const origin = readTrashOrigin(source);
    const folder =
      origin.projectId === target.id && origin.folderId
        ? await tx.projectFolder.findFirst({
            where: { id: origin.folderId, projectId: target.id, userId },
            select: { id: true, path: true },
          })
        : null;
    // Its file was just found intact under its lock: whatever was recorded before is cleared.
    const restored = await tx.projectDocument.update({
      where: { id: source.id, userId },
      data: {
        projectId: target.id,
        folderId: folder?.id ?? null,
        trashedAt: null,
        trashOrigin: Prisma.DbNull,
        contentMissing: false,
      },
    });
    return { outcome: "restored", document: { ...restored, folderPath: folder?.path ?? null } };
  });

  if (decision.outcome === "missing") {
    // Recorded after the transaction, which held the row's lock and changed nothing.
    await recordContentMissing([decision.documentId], true);
    throw decision.error;
  }
  if (decision.outcome === "merged") await discardDocumentFolder(decision.discarded);
  // The returned row's file was found intact under its lock, and an active row is never
  // purged: no second stat is needed to know its content is present.
  return { outcome: decision.outcome, document: toDocumentDto(decision.document) };
}
