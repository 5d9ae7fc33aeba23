import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import type { DocumentDto } from "@/lib/documents/document-dto";
import { checkShelfImage } from "@/lib/documents/check-shelf-image";
import { placeStagedDocument } from "@/lib/documents/place-document";
import { AppError } from "@/lib/errors";
import { splitRelativePath } from "@/lib/folders/folder-rules";
import { requireOwnedProject } from "@/lib/projects/require-owned-project";
import { projectStagingDir } from "@/lib/storage/layout";
import { removeFileIfPresent, streamToStaging, type StagedFile } from "@/lib/storage/staging";
import { discardDocumentFolder } from "@/lib/trash/discard-document-folder";
import { receiveImportUpload } from "./receive-import-upload";
import { openZipEntries } from "./zip-entries";

export interface ShelfArchiveLanding {
  created: DocumentDto[];
  /** Entries whose bytes were already on the shelf: the document that stays. */
  duplicates: { name: string; existing: DocumentDto }[];
  /** Entries the name, size or image rules refused, and why. */
  refused: { name: string; reason: string }[];
}

// Entries every zip tool on a Mac adds beside the files: never documents.
const MAC_METADATA = /(^|\/)(__MACOSX\/|\.DS_Store$)/;

/**
 * POST /api/projects/{id}/documents/archive: a `.zip` dropped on the shelf lands file by file,
 * each entry's folders made as needed (docs/architecture.md § "Shelf folders and chat scope"). The
 * zip is staged, then judged whole by the import's reader and limits before any document is made
 * (entry count, declared and expanded size, compression ratio, names, traversal: a hostile archive
 * is a 422 and nothing is created); each entry then streams to the shelf's staging through the
 * ordinary upload path (hash, size limit, dedup, names). An entry the rules refuse is reported with
 * its reason; one already on the shelf is reported with the document that stays. If the archive
 * turns out damaged mid-way, everything this request made (documents, their files and the folders
 * it created) is removed again before the refusal is answered.
 */
export async function uploadShelfArchive({
  userId,
  projectId,
  req,
}: {
  userId: string;
  projectId: string;
  req: Request;
}): Promise<ShelfArchiveLanding> {
  const db = await getDb();
  // Refuse early so a foreign or archived project never receives bytes; re-checked under lock per file.
  await requireOwnedProject(db, { projectId, userId, scope: "active" });
  const { importMaxEntries, importMaxBytes, uploadMaxBytes } = config();
  const staged = await receiveImportUpload({ userId, req, missing: "Attach the .zip in the `file` field." });
  try {
    const zip = await openZipEntries({
      zipPath: staged.path,
      limits: { maxEntries: importMaxEntries, maxBytes: importMaxBytes },
    });
    const foldersBefore = new Set(
      (await db.projectFolder.findMany({ where: { projectId, userId }, select: { id: true } })).map((f) => f.id),
    );
    const landing: ShelfArchiveLanding = { created: [], duplicates: [], refused: [] };
    try {
      for (const [name, entry] of zip.entries) {
        if (MAC_METADATA.test(name)) continue;
        const target = judgeEntry(name, entry.uncompressedSize, uploadMaxBytes);
        if ("reason" in target) {
          landing.refused.push({ name, reason: target.reason });
          continue;
        }
        const bytes = await streamToStaging({
          stagingDir: projectStagingDir({ userId, projectId }),
          source: zip.entryBytes(name),
          maxBytes: uploadMaxBytes,
        });
        const refusal = await imageRefusal(bytes, target.name);
        if (refusal) {
          await removeFileIfPresent(bytes.path);
          landing.refused.push({ name, reason: refusal });
          continue;
        }
        const placed = await placeStagedDocument({ userId, projectId, staged: bytes, ...target });
        if (placed.deduplicated) landing.duplicates.push({ name, existing: placed.document });
        else landing.created.push(placed.document);
      }
    } catch (error) {
      await undoLanding({ userId, projectId, created: landing.created, foldersBefore });
      throw error;
    } finally {
      zip.close();
    }
    return landing;
  } finally {
    await removeFileIfPresent(staged.path);
  }
}

/** Why an entry that is an image by its name fails the image check (as an upload would), or null. */
async function imageRefusal(staged: StagedFile, name: string): Promise<string | null> {
  try {
    await checkShelfImage(staged, name);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_failed") return error.message;
    await removeFileIfPresent(staged.path);
    throw error;
  }
}

/** Where an entry goes on the shelf, or why the upload rules refuse it. */
function judgeEntry(
  name: string,
  sizeBytes: number,
  maxBytes: number,
): { name: string; folders: string[] } | { reason: string } {
  try {
    const { folders, name: fileName } = splitRelativePath(name);
    if (sizeBytes === 0) return { reason: "The file is empty." };
    if (sizeBytes > maxBytes) return { reason: `The file is larger than the upload limit of ${maxBytes} bytes.` };
    return { name: fileName, folders };
  } catch (error) {
    if (error instanceof AppError) return { reason: error.message };
    throw error;
  }
}

/**
 * Compensation for a landing cut short: its documents' rows and files, and the folders it
 * made. A file goes only when no row names it any more (a fork made meanwhile shares it).
 */
async function undoLanding({
  userId,
  projectId,
  created,
  foldersBefore,
}: {
  userId: string;
  projectId: string;
  created: DocumentDto[];
  foldersBefore: ReadonlySet<string>;
}): Promise<void> {
  const db = await getDb();
  const ids = created.map((d) => d.id);
  const rows = await db.projectDocument
    .findMany({ where: { userId, id: { in: ids } }, select: { id: true, userId: true, storedRelpath: true } })
    .catch(() => []);
  try {
    await db.projectDocument.deleteMany({ where: { userId, projectId, id: { in: ids } } });
    await db.projectFolder.deleteMany({ where: { userId, projectId, id: { notIn: [...foldersBefore] } } });
  } catch (error) {
    console.error("[shelf archive] could not remove the rows of a failed landing", error);
  }
  await Promise.allSettled(rows.map((row) => discardDocumentFolder(row)));
}
