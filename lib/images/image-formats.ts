import path from "node:path";

// Which thread uploads are images (docs/operations.md § "Images"): PNG, JPEG, WebP and GIF, told by
// the name's extension, as the composer names them. The bytes must then really be that format
// (prepare-image.ts): a `.png` holding a JPEG, or text, is refused, not guessed at.

export type ImageFormat = "png" | "jpeg" | "webp" | "gif";

const FORMAT_OF_EXTENSION: Record<string, ImageFormat> = {
  ".png": "png",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".webp": "webp",
  ".gif": "gif",
};

/** The image format a file name claims, or null for anything that is not an image upload. */
export function claimedImageFormat(name: string): ImageFormat | null {
  return FORMAT_OF_EXTENSION[path.extname(name).toLowerCase()] ?? null;
}

export function isImageName(name: string): boolean {
  return claimedImageFormat(name) !== null;
}
