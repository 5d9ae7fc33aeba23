import path from "node:path";
import { documentFolderOf, resolveOriginalPath } from "@/lib/documents/document-paths";

/**
 * A stored document's own folder ({sha[:2]}/{sha}/{documentId}, holding original/ and
 * derived/) and the project's documents folder above it, both absolute. The stored path is
 * re-confined to the user's projects root on the way (a 404 on escape).
 */
export async function locateDocumentFolder(row: { userId: string; storedRelpath: string }): Promise<{ originalPath: string; folder: string; documentsDir: string }> {
  const originalPath = await resolveOriginalPath(row);
  const folder = documentFolderOf(originalPath);
  return { originalPath, folder, documentsDir: path.resolve(folder, "..", "..", "..") };
}
