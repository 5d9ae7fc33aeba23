// The body of an image preparation worker thread (lib/images/image-pool.ts). Plain JavaScript
// outside the Next.js bundle, loaded by path like the conversion worker, so the same file
// runs under `next start`, the dev server and vitest. sharp (libvips) decodes, checks and
// re-encodes; nothing of it runs on the thread that answers requests.
import sharp from "sharp";

// One libvips thread per worker and no operation cache: the pool decides how many images
// are prepared at once, and a cache would keep every decoded upload in memory.
sharp.concurrency(1);
sharp.cache(false);

/**
 * @param {{ bytes: Uint8Array, claimed: string, maxSide: number, thumbSide: number, maxPixels: number }} task
 * @returns {Promise<{ refused: string } | { width: number, height: number, prepared: Uint8Array, thumb: Uint8Array, mediaType: string }>}
 */
export default async function prepareImage({ bytes, claimed, maxSide, thumbSide, maxPixels }) {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let metadata;
  try {
    // Header only: a decompression bomb is measured here, before a pixel is decoded.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { refused: "corrupt" };
  }
  if (metadata.format !== claimed) return { refused: "mismatch" };
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) return { refused: "corrupt" };
  if (width * height > maxPixels) return { refused: "too_large" };
  try {
    // `pages: 1` (sharp's default) reads an animated GIF's or WebP's first frame only;
    // autoOrient applies the EXIF orientation before the metadata, EXIF included, is dropped.
    const decoded = sharp(input, { limitInputPixels: maxPixels, failOn: "warning", autoOrient: true });
    const alpha = metadata.hasAlpha === true;
    const resized = decoded.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    const encoded = alpha ? resized.png({ compressionLevel: 6 }) : resized.jpeg({ quality: 85, mozjpeg: false });
    const prepared = await encoded.toBuffer();
    const thumbPipeline = sharp(prepared).resize({
      width: thumbSide,
      height: thumbSide,
      fit: "inside",
      withoutEnlargement: true,
    });
    const thumb = await (alpha ? thumbPipeline.png() : thumbPipeline.jpeg({ quality: 80 })).toBuffer();
    return { width, height, prepared, thumb, mediaType: alpha ? "image/png" : "image/jpeg" };
  } catch {
    return { refused: "corrupt" };
  }
}
