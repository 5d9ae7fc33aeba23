import { randomUUID } from "node:crypto";
import { transaction } from "@/lib/db/client";
import { lockOwnedProject, lockOwnedThread } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { placeStagedFile, removeFolderTree } from "@/lib/storage/stored-files";
import { removeFileIfPresent, type StagedFile } from "@/lib/storage/staging";
import { documentFolderPath, originalPathIn, originalRelpath } from "@/lib/storage/layout";
import { describeDocument } from "./describe-document";
import { toDocumentDto, type PlacedDocument } from "./document-dto";
import { indexNewDocument } from "./search-indexing-queue";
import { ensureFolderPath } from "@/lib/folders/ensure-folder-path";

export interface DocumentSource {
  sourceThreadId: string | null;
  sourceKind: "upload" | "output";
  sourceName: string;
}

/**
 * Turns staged, hashed bytes into a shelf document
 * (docs/architecture.md § "Where each design rule lives"), in one transaction: lock the active
 * owned project → dedup among its active rows by sha256 (hit: the existing row, its name and its
 * folder win) → the folder it goes in, made where missing → rename the staged bytes into the new
 * document's own folder → insert. Placing before the insert means a crash leaves an unreferenced
 * file (collected later), never a row without bytes; a failed transaction removes only the folder
 * this call created. The staged file is gone afterwards either way.
 */
export async function placeStagedDocument({
  userId,
  projectId,
  staged,
  name,
  source,
  folders = [],
}: {
  userId: string;
  projectId: string;
  staged: StagedFile;
  name: string;
  source?: DocumentSource;
  /** The folder names from the root (normalised) it lands in, made where missing; none: the root. */
  folders?: readonly string[];
}): Promise<PlacedDocument> {
  const documentId = randomUUID();
  const location = { projectId, sha256: staged.sha256, documentId };
  const folder = documentFolderPath({ userId, ...location });
  let placed = false;
  try {
    const result = await transaction(async (tx) => {
      if (!(await lockOwnedProject(tx, { projectId, userId, scope: "active" }))) throw notFound();
      // A copy from a thread records that thread as its source: it must still be the caller's
      // when the row is written, not only when the copy began (project before thread, as a move).
      if (source?.sourceThreadId && !(await lockOwnedThread(tx, { threadId: source.sourceThreadId, userId })))
        throw notFound();
      const existing = await tx.projectDocument.findFirst({
        where: { projectId, userId, sha256: staged.sha256, trashedAt: null },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      if (existing) return { row: existing, deduplicated: true };
      const shelfFolder = await ensureFolderPath(tx, { userId, projectId, names: folders });

      await placeStagedFile({ stagedPath: staged.path, targetPath: originalPathIn(folder, name) });
      placed = true;
      const row = await tx.projectDocument.create({
        data: {
          id: documentId,
          projectId,
          userId,
          name,
          storedRelpath: originalRelpath(location, name),
          sha256: staged.sha256,
          sizeBytes: BigInt(staged.sizeBytes),
          folderId: shelfFolder?.id ?? null,
          ...source,
        },
      });
      return { row, deduplicated: false, folderPath: shelfFolder?.path ?? null };
    });
    // Search text (and a convertible file's Markdown) is made now, so the first search,
    // preview and agent read find it ready.
    if (!result.deduplicated) await indexNewDocument(result.row);
    // A row this call placed has its bytes by construction; only a dedup hit's file is checked.
    const document = result.deduplicated
      ? await describeDocument(result.row)
      : toDocumentDto({ ...result.row, folderPath: result.folderPath ?? null });
    return { document, deduplicated: result.deduplicated };
  } catch (error) {
    if (placed) await removeFolderTree(folder);
    throw error;
  } finally {
    // Gone already when placed; otherwise (dedup hit, 404, failure) it is no longer needed.
    await removeFileIfPresent(staged.path);
  }
}
