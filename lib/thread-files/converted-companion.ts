import path from "node:path";
import { mkdir, readFile, rm } from "node:fs/promises";
import { AppError } from "@/lib/errors";
import { convertToMarkdown } from "@/lib/conversion/convert-to-markdown";
import { readTextIfPresent } from "@/lib/storage/document-files";
import { resolveConfined } from "@/lib/storage/confine";
import { threadDerivedDir, threadStagingDir, type ThreadRef } from "@/lib/storage/layout";
import { linkUnderFreeName, replaceWithStaged } from "@/lib/storage/place-file";
import { writeToStaging } from "@/lib/storage/staging";

// The markdown companion of a convertible upload: derived/uploads/{name}/converted.md, the
// thread-side twin of a shelf document's derived/converted.md. A folder per name because
// `{name}.md` could exceed the 255-byte name limit; outside user-data/ so it is never listed
// as an upload. Uploads are never overwritten (only deleted), so a companion never goes
// stale while its upload exists; deleting the upload deletes the companion folder.
//
// Only uploads get companions: outputs are UTF-8 text written by the agent and are read as is.

const COMPANION_FILE = "converted.md";

async function companionFolder(ref: ThreadRef, name: string): Promise<string> {
  return resolveConfined(threadDerivedDir(ref, "uploads"), name);
}

export async function readCompanion(ref: ThreadRef, name: string): Promise<string | null> {
  return readTextIfPresent(path.join(await companionFolder(ref, name), COMPANION_FILE));
}

/**
 * Converts the upload just placed at `filePath` and stores its companion, replacing anything
 * left behind under that name: this upload's conversion wins. Nothing is stored when the file
 * could not be converted.
 */
export async function storeCompanion({ ref, name, filePath }: { ref: ThreadRef; name: string; filePath: string }): Promise<void> {
  const markdown = await convertToMarkdown({ bytes: await readFile(filePath), name });
  if (markdown !== null) await storeCompanionMarkdown({ ref, name, markdown, replace: true });
}

/**
 * Stores already-converted markdown as the companion of upload `name`. `replace` is for the
 * moment of upload (storeCompanion); a lazy conversion at read time never replaces, so a slow
 * reader of since-deleted bytes cannot overwrite the companion of a newer upload of the same
 * name.
 */
export async function storeCompanionMarkdown({ ref, name, markdown, replace }: { ref: ThreadRef; name: string; markdown: string; replace: boolean }): Promise<void> {
  const folder = await companionFolder(ref, name);
  await mkdir(folder, { recursive: true });
  const staged = await writeToStaging({ stagingDir: threadStagingDir(ref), bytes: Buffer.from(markdown, "utf8"), maxBytes: Number.MAX_SAFE_INTEGER });
  if (replace) {
    await replaceWithStaged({ stagedPath: staged.path, targetPath: path.join(folder, COMPANION_FILE) });
  } else {
    try {
      await linkUnderFreeName({ stagedPath: staged.path, dir: folder, candidates: [COMPANION_FILE] });
    } catch (error) {
      // Taken: someone stored it first, and theirs is as good as ours. Anything else only
      // costs a conversion on the next read, so it must not fail this one.
      if (!(error instanceof AppError && error.code === "conflict")) {
        console.warn(`[thread-files] could not cache a converted companion (${(error as NodeJS.ErrnoException).code ?? "error"})`);
      }
    }
  }
}

export async function removeCompanion(ref: ThreadRef, name: string): Promise<void> {
  await rm(await companionFolder(ref, name), { recursive: true, force: true });
}
