import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { documentFolderPath, originalPathIn, originalRelpath } from "@/lib/storage/layout";
import { placeStagedFile, removeFolderTree } from "@/lib/storage/stored-files";
import { removeFileIfPresent, type StagedFile } from "@/lib/storage/staging";

/**
 * An imported document that was in the trash goes back to the trash, with the trash's own
 * rules: no dedup (the trash may hold identical bytes twice) and no active project needed.
 * `projectId` is the imported project it was trashed from, or a fresh id when that project
 * no longer existed (restore then asks for a target, as for any trashed document of a
 * deleted project). Bytes before the row, as for every placement; the staged file is gone
 * afterwards either way.
 */
export async function placeTrashedDocument({
  userId,
  projectId,
  projectName,
  staged,
  name,
  trashedAt,
}: {
  userId: string;
  projectId: string;
  projectName: string;
  staged: StagedFile;
  name: string;
  trashedAt: Date;
}): Promise<void> {
  const documentId = randomUUID();
  const location = { projectId, sha256: staged.sha256, documentId };
  const folder = documentFolderPath({ userId, ...location });
  try {
    await placeStagedFile({ stagedPath: staged.path, targetPath: originalPathIn(folder, name) });
    await (
      await getDb()
    ).projectDocument.create({
      data: {
        id: documentId,
        projectId,
        userId,
        name,
        storedRelpath: originalRelpath(location, name),
        sha256: staged.sha256,
        sizeBytes: BigInt(staged.sizeBytes),
        trashedAt,
        trashOrigin: { projectId, projectName },
      },
    });
  } catch (error) {
    await removeFolderTree(folder);
    throw error;
  } finally {
    await removeFileIfPresent(staged.path);
  }
}
