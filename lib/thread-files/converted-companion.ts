import path from "node:path";
import { AppError } from "@/lib/errors";
import { convertToMarkdown } from "@/lib/conversion/convert-to-markdown";
import { ensureFolder, readFileBytes, readTextIfPresent, removeFolderTree } from "@/lib/storage/stored-files";
import { threadCompanionPath, threadStagingDir, type ThreadRef } from "@/lib/storage/layout";
import { linkUnderFreeName, replaceWithStaged } from "@/lib/storage/place-file";
import { writeToStaging } from "@/lib/storage/staging";

// The markdown companion of a convertible upload: derived/uploads/{name}/converted.md, the
// thread-side twin of a shelf document's derived/converted.md. A folder per name because
// `{name}.md` could exceed the 255-byte name limit; outside user-data/ so it is never listed
// as an upload. Uploads are never overwritten (only deleted), so a companion never goes
// stale while its upload exists; deleting the upload deletes the companion folder.
//
// Only uploads get companions: outputs are UTF-8 text written by the agent and are read as is.

export async function readCompanion(ref: ThreadRef, name: string): Promise<string | null> {
  return readTextIfPresent(await threadCompanionPath(ref, name));
}

/**
 * Converts the upload just placed at `filePath` and stores its companion, replacing anything
 * left behind under that name: this upload's conversion wins. Nothing is stored when the file
 * could not be converted.
 */
export async function storeCompanion({
  ref,
  name,
  filePath,
}: {
  ref: ThreadRef;
  name: string;
  filePath: string;
}): Promise<void> {
  const result = await convertToMarkdown({ bytes: await readFileBytes(filePath), name });
  if (result?.kind === "converted")
    await storeCompanionMarkdown({ ref, name, markdown: result.markdown, replace: true });
}

/**
 * Stores already-converted markdown as the companion of upload `name`. `replace` is for the
 * moment of upload (storeCompanion); a lazy conversion at read time never replaces, so a slow
 * reader of since-deleted bytes cannot overwrite the companion of a newer upload of the same
 * name.
 */
export async function storeCompanionMarkdown({
  ref,
  name,
  markdown,
  replace,
}: {
  ref: ThreadRef;
  name: string;
  markdown: string;
  replace: boolean;
}): Promise<void> {
  const companion = await threadCompanionPath(ref, name);
  await ensureFolder(path.dirname(companion));
  const staged = await writeToStaging({
    stagingDir: threadStagingDir(ref),
    bytes: Buffer.from(markdown, "utf8"),
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  if (replace) {
    await replaceWithStaged({ stagedPath: staged.path, targetPath: companion });
  } else {
    try {
      await linkUnderFreeName({
        stagedPath: staged.path,
        dir: path.dirname(companion),
        candidates: [path.basename(companion)],
      });
    } catch (error) {
      // Taken: someone stored it first, and theirs is as good as ours. Anything else only
      // costs a conversion on the next read, so it must not fail this one.
      if (!(error instanceof AppError && error.code === "conflict")) {
        console.warn(
          `[thread-files] could not cache a converted companion (${(error as NodeJS.ErrnoException).code ?? "error"})`,
        );
      }
    }
  }
}

export async function removeCompanion(ref: ThreadRef, name: string): Promise<void> {
  await removeFolderTree(path.dirname(await threadCompanionPath(ref, name)));
}
