import path from "node:path";
import { isImageName } from "@/lib/images/image-formats";
import { prepareImage, type PreparedImage } from "@/lib/images/prepare-image";
import { threadImageCachePath, threadStagingDir, type ThreadRef } from "@/lib/storage/layout";
import { replaceWithStaged } from "@/lib/storage/place-file";
import { writeToStaging } from "@/lib/storage/staging";
import { ensureFolder, readFileBytes, readTextIfPresent, writeTextAtomically } from "@/lib/storage/stored-files";
import { resolveThreadFile } from "./thread-file-path";

// The cached preparation of an image upload (docs/operations.md § "Images"): made once, at upload
// (ingest-thread-upload.ts), and stored beside the upload's companion, so a run only reads bytes.
// The bytes go first and the info last: a reader that finds the info finds the image. A missing
// cache (a crash between the two) is made again from the original on read.

export interface ImageInfo {
  width: number;
  height: number;
  mediaType: string;
}

export interface CachedImage extends ImageInfo {
  bytes: Buffer;
}

async function writeCacheFile(ref: ThreadRef, target: string, bytes: Buffer): Promise<void> {
  const staged = await writeToStaging({ stagingDir: threadStagingDir(ref), bytes, maxBytes: Number.MAX_SAFE_INTEGER });
  await replaceWithStaged({ stagedPath: staged.path, targetPath: target });
}

export async function storePreparedImage(ref: ThreadRef, name: string, image: PreparedImage): Promise<ImageInfo> {
  const info: ImageInfo = { width: image.width, height: image.height, mediaType: image.mediaType };
  const infoPath = await threadImageCachePath(ref, name, "info");
  await ensureFolder(path.dirname(infoPath));
  await writeCacheFile(ref, await threadImageCachePath(ref, name, "prepared"), image.prepared);
  await writeCacheFile(ref, await threadImageCachePath(ref, name, "thumb"), image.thumb);
  await writeTextAtomically(infoPath, JSON.stringify(info));
  return info;
}

function parseInfo(text: string | null): ImageInfo | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<ImageInfo>;
    if (typeof value.width === "number" && typeof value.height === "number" && typeof value.mediaType === "string")
      return { width: value.width, height: value.height, mediaType: value.mediaType };
  } catch {
    // A damaged cache is made again below.
  }
  return null;
}

/** The size and format of an image upload's preparation; null when it has none (yet). */
export async function readImageInfo(ref: ThreadRef, name: string): Promise<ImageInfo | null> {
  if (!isImageName(name)) return null;
  return parseInfo(await readTextIfPresent(await threadImageCachePath(ref, name, "info")));
}

/**
 * The prepared copy (or the thumbnail) of image upload `name`, prepared again from the
 * original when the cache is missing; null for a name that is not an image or no upload.
 * Throws 422 when the original cannot be prepared (it was never admitted as an image).
 */
export async function readCachedImage(
  ref: ThreadRef,
  name: string,
  size: "prepared" | "thumb",
): Promise<CachedImage | null> {
  if (!isImageName(name)) return null;
  const info = await readImageInfo(ref, name);
  if (info) {
    try {
      return { ...info, bytes: await readFileBytes(await threadImageCachePath(ref, name, size)) };
    } catch {
      // Gone between the info and the bytes: prepared again below.
    }
  }
  const original = await resolveThreadFile({ ...ref, kind: "upload", name });
  let bytes: Buffer;
  try {
    bytes = await readFileBytes(original.path);
  } catch {
    return null;
  }
  const image = await prepareImage({ bytes, name });
  const stored = await storePreparedImage(ref, original.name, image);
  return { ...stored, bytes: size === "prepared" ? image.prepared : image.thumb };
}
