import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import yauzl, { type Entry } from "yauzl";
import { lockDatabaseDirectory } from "@/lib/db/embedded-lock";
import { removeFolderTree } from "@/lib/storage/stored-files";
import { isMissingOrEmpty, makeFolder, moveFolderIntoEmpty, writeNewFile } from "@/lib/storage/data-dir-files";
import { entryNameProblem } from "./archive-paths";
import { BACKUP_FORMAT_VERSION, BACKUP_MARKER_PATH, DATABASE_FOLDER } from "./backup-format";

/**
 * `npm run restore -- <file>`: unpacks a backup into an empty DATA_DIR. It refuses a data
 * directory a server holds (its database lock) or one that has anything in it: restore never
 * merges into or overwrites a live instance. Entries are checked like an import's (no
 * absolute or `..` paths) and written into a sibling folder first, which becomes DATA_DIR in
 * one rename once everything is written, so a failed restore leaves the target as it was.
 */
export async function restoreInstance({
  dataDir,
  file,
}: {
  dataDir: string;
  file: string;
}): Promise<{ files: number }> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, DATABASE_FOLDER);
  if (!(await isMissingOrEmpty(databaseDir))) await (await lockDatabaseDirectory(databaseDir))();
  if (!(await isMissingOrEmpty(root)))
    throw new Error(`${root} is not empty: restore only into an empty DATA_DIR (move the old one aside first).`);

  const zip = await yauzl
    .openPromise(path.resolve(file), { lazyEntries: true, autoClose: false, validateEntrySizes: true })
    .catch(() => {
      throw new Error(`${file} is not a readable zip archive.`);
    });
  const staging = path.join(path.dirname(root), `.${path.basename(root)}.restoring-${randomUUID()}`);
  try {
    const entries = await readEntries(zip);
    const marker = entries.get(BACKUP_MARKER_PATH);
    if (!marker) throw new Error(`${file} is not a workspace backup (it has no ${BACKUP_MARKER_PATH}).`);
    const { formatVersion } = JSON.parse((await readAll(await zip.openReadStreamPromise(marker))).toString("utf8")) as {
      formatVersion?: unknown;
    };
    if (formatVersion !== BACKUP_FORMAT_VERSION)
      throw new Error(`This backup's format version ${String(formatVersion)} is not supported.`);
    let files = 0;
    await makeFolder(staging);
    for (const [name, entry] of entries) {
      if (name === BACKUP_MARKER_PATH) continue;
      if (name.endsWith("/")) {
        await makeFolder(path.join(staging, ...name.slice(0, -1).split("/")));
        continue;
      }
      await writeNewFile(path.join(staging, ...name.split("/")), await zip.openReadStreamPromise(entry));
      files += 1;
    }
    await moveFolderIntoEmpty(staging, root);
    return { files };
  } catch (error) {
    await removeFolderTree(staging);
    throw error;
  } finally {
    zip.close();
  }
}

function readEntries(zip: yauzl.ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on("entry", (entry: Entry) => {
      const problem = entryNameProblem(entry.fileName);
      if (problem) return reject(new Error(`The backup is unsafe: ${problem}.`));
      if (entries.has(entry.fileName))
        return reject(new Error(`The backup is damaged: "${entry.fileName}" appears twice.`));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", (error: Error) => reject(new Error(`The backup is damaged: ${error.message}.`)));
    zip.readEntry();
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
