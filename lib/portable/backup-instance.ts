import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";
import { lockDatabaseDirectory } from "@/lib/db/embedded-lock";
import { fileReadStream, fileWriteStream } from "@/lib/storage/stored-files";
import { isMissingOrEmpty, listFolderContents, moveFile } from "@/lib/storage/data-dir-files";
import { removeFileIfPresent } from "@/lib/storage/staging";
import { BACKUP_FORMAT_VERSION, BACKUP_MARKER_PATH, DATABASE_FOLDER, DATABASE_LOCK } from "./backup-format";

export interface BackupResult {
  files: number;
  bytes: number;
}

/**
 * `npm run backup -- <file>`: one consistent archive of an embedded instance. Consistency
 * comes from the database directory's own lock: while this holds it no server can run on
 * DATA_DIR, so neither the database files nor the users' files change during the copy; a
 * running server makes this refuse (DatabaseLockedError) instead of copying a database in
 * mid-write. The zip is streamed to `<file>.partial` and renamed when complete, so a failed
 * backup never leaves a file that looks finished.
 */
export async function backupInstance({ dataDir, file }: { dataDir: string; file: string }): Promise<BackupResult> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, DATABASE_FOLDER);
  if (await isMissingOrEmpty(databaseDir))
    throw new Error(`There is no embedded database at ${databaseDir}: nothing to back up.`);
  const target = path.resolve(file);
  if (target === root || target.startsWith(`${root}${path.sep}`))
    throw new Error("Write the backup outside DATA_DIR: it would otherwise contain itself.");

  const release = await lockDatabaseDirectory(databaseDir);
  const partial = `${target}.partial`;
  try {
    const { files, folders } = await listFolderContents(root, (relative) => relative === DATABASE_LOCK);
    const zip = new ZipFile();
    const failed = new Promise<never>((_, reject) => zip.on("error", reject));
    zip.addBuffer(
      Buffer.from(
        JSON.stringify({
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          files: files.length,
        }),
      ),
      BACKUP_MARKER_PATH,
    );
    for (const folder of folders) zip.addEmptyDirectory(folder);
    for (const entry of files) {
      zip.addReadStreamLazy(entry.relative, { size: entry.sizeBytes }, (done) =>
        done(null, fileReadStream(entry.absolute, entry.sizeBytes)),
      );
    }
    zip.end();
    await Promise.race([pipeline(zip.outputStream, fileWriteStream(partial)), failed]);
    await moveFile(partial, target);
    return { files: files.length, bytes: files.reduce((sum, entry) => sum + entry.sizeBytes, 0) };
  } catch (error) {
    await removeFileIfPresent(partial);
    throw error;
  } finally {
    await release();
  }
}
