import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { AppError } from "@/lib/errors";
import { entryNameProblem } from "./archive-paths";
import { importRefused } from "./import-refused";

// The one reader of uploaded zip archives (an account import, a zip dropped on a shelf), and
// its limits: judged whole before anything is created, then streamed entry by entry.

export interface ZipLimits {
  /** Entries, folders included (IMPORT_MAX_ENTRIES). */
  maxEntries: number;
  /** Declared and actually expanded bytes of all entries together (IMPORT_MAX_BYTES). */
  maxBytes: number;
}

/**
 * An entry that expands more than this many times its compressed size, past ZIP_RATIO_FLOOR
 * bytes, is a decompression bomb, not a document: real files compress far less.
 */
export const ZIP_MAX_RATIO = 200;
const ZIP_RATIO_FLOOR = 1024 * 1024;

export interface ZipEntries {
  /** File entries by name (NFC), in archive order; folder entries are left out. */
  entries: Map<string, Entry>;
  /**
   * The bytes of one entry. The stream fails (422 corrupt_entry) when the entry's data is
   * damaged or expands to more or fewer bytes than declared; every byte it yields counts
   * against the archive's expanded-bytes budget.
   */
  entryBytes(path: string): AsyncGenerator<Buffer>;
  close(): void;
}

// yauzl reports its own refusals of names as errors with these openings.
const YAUZL_NAME_ERRORS = /^(absolute path|invalid relative path|invalid characters in fileName)/;

/**
 * Opens a staged archive and walks its central directory lazily, one entry at a time: every
 * entry name is checked (no absolute or `..` paths, no duplicates), encrypted entries and
 * entries expanding past ZIP_MAX_RATIO are refused, entries are counted and their declared
 * sizes summed against the limits. A truncated file has no central directory and is refused
 * when opened. Sizes are declared by the archive, so they are enforced again while the data
 * streams: yauzl fails an entry that expands past its declared size, and `entryBytes` counts
 * every byte against the same budget. Any refusal is a 422 with its reason (import-refused.ts).
 */
export async function openZipEntries({ zipPath, limits }: { zipPath: string; limits: ZipLimits }): Promise<ZipEntries> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw importRefused("not_a_zip", "it is not a readable zip archive (it may be truncated or damaged)");
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw tooManyEntries(limits.maxEntries);
    const entries = await scanEntries(zip, limits);
    let expanded = 0;
    async function* entryBytes(path: string): AsyncGenerator<Buffer> {
      const entry = entries.get(path);
      if (!entry) throw importRefused("manifest_mismatch", `the archive does not contain "${path}"`);
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw importRefused("corrupt_entry", `the entry "${path}" cannot be read`);
      }
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          expanded += chunk.byteLength;
          if (expanded > limits.maxBytes) throw tooLarge(limits.maxBytes);
          yield chunk;
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw importRefused("corrupt_entry", `the entry "${path}" is damaged or not the size it declares`);
      } finally {
        stream.destroy();
      }
    }
    return { entries, entryBytes, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function tooManyEntries(max: number): AppError {
  return importRefused("too_many_entries", `it has more than ${max} entries (IMPORT_MAX_ENTRIES)`);
}

function tooLarge(max: number): AppError {
  return importRefused("too_large", `it expands to more than ${max} bytes (IMPORT_MAX_BYTES)`);
}

/** Walks the central directory: file entries by name, folder entries skipped. */
function scanEntries(zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let count = 0;
    let declared = 0;
    const fail = (error: unknown) => {
      zip.removeAllListeners("entry");
      reject(error);
    };
    zip.on("entry", (entry: Entry) => {
      const name = entry.fileName.normalize("NFC");
      const problem = entryNameProblem(name);
      if (problem) return fail(importRefused("unsafe_path", problem));
      count += 1;
      if (count > limits.maxEntries) return fail(tooManyEntries(limits.maxEntries));
      if (entries.has(name)) return fail(importRefused("duplicate_entry", `the entry "${name}" appears twice`));
      if (entry.isEncrypted()) return fail(importRefused("corrupt_entry", `the entry "${name}" is encrypted`));
      declared += entry.uncompressedSize;
      if (declared > limits.maxBytes) return fail(tooLarge(limits.maxBytes));
      if (entry.uncompressedSize > ZIP_RATIO_FLOOR && entry.uncompressedSize > entry.compressedSize * ZIP_MAX_RATIO)
        return fail(
          importRefused("too_large", `the entry "${name}" expands more than ${ZIP_MAX_RATIO} times its packed size`),
        );
      if (!name.endsWith("/")) entries.set(name, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", (error: Error) =>
      fail(
        YAUZL_NAME_ERRORS.test(error.message)
          ? importRefused("unsafe_path", "an entry has an absolute path, a .. segment or a backslash")
          : importRefused("not_a_zip", "its directory of entries is damaged"),
      ),
    );
    zip.readEntry();
  });
}
