import zlib from "node:zlib";
import sharp from "sharp";

// Images the image tests upload, made on the spot: a photo of any size (with EXIF, as a
// camera writes it), a three-frame animated GIF, and a decompression bomb.

/** A flat-coloured image of `width` × `height`; a JPEG carries an EXIF block. */
export async function photoJpeg(width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg") {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } });
  if (format === "png") return image.png().toBuffer();
  if (format === "webp") return image.webp().toBuffer();
  return image
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: "Test camera", Copyright: "EXIF that must not reach a model" } })
    .toBuffer();
}

/** 40 × 20, three frames: red, green, blue. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    [
      { r: 255, g: 0, b: 0 },
      { r: 0, g: 255, b: 0 },
      { r: 0, g: 0, b: 255 },
    ].map((background) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header for 50,000 × 50,000 grey pixels (2.5 gigapixels) in about 1 KB. */
export async function bombPng(): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    // The first rows only: the rest would be 2.5 GB of zeros once inflated.
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(50_001 * 20))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
