import { validationError } from "@/lib/errors";
import { claimedImageFormat } from "./image-formats";
import { MAX_INPUT_PIXELS, prepareInWorker } from "./image-pool";

// The one check every image upload passes before anything is stored
// (docs/operations.md § "Images"): the bytes are the format the name claims, decode without error,
// and hold at most MAX_INPUT_PIXELS. What comes back is what a model is sent (longest side at most
// PREPARED_MAX_SIDE, re-encoded, EXIF gone, the first frame of an animation) and the thumbnail; the
// original bytes are never changed.

export interface PreparedImage {
  /** Of the original, as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  prepared: Buffer;
  thumb: Buffer;
  /** Of `prepared` and `thumb`: image/jpeg, or image/png for images with transparency. */
  mediaType: string;
}

const REASONS = {
  corrupt: "The image could not be read: the file is damaged or not an image.",
  mismatch: "The file's bytes are not the image format its name claims.",
  too_large: `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels; it is refused as a possible decompression bomb.`,
  timeout: "The image took too long to prepare.",
} as const;

/** 422 on `field` (a chat's `files`, a shelf's `file`) when the bytes are not a usable image of the claimed format. */
export async function prepareImage({
  bytes,
  name,
  field = "files",
}: {
  bytes: Buffer;
  name: string;
  field?: string;
}): Promise<PreparedImage> {
  const claimed = claimedImageFormat(name);
  if (!claimed) throw validationError(field, "The file is not a PNG, JPEG, WebP or GIF image.");
  const result = await prepareInWorker({ bytes, claimed });
  if (result.kind === "refused") throw validationError(field, REASONS[result.reason]);
  const { kind: _kind, ...image } = result;
  return image;
}
