// The body of a conversion worker thread (lib/conversion/conversion-pool.ts). Plain
// JavaScript outside the Next.js bundle, loaded by path, so the same file runs under
// `next start`, the dev server and vitest. markitdown-ts (pdf.js, jsdom, mammoth, xlsx) is
// imported once per thread, on its first task.
import { MarkItDown } from "markitdown-ts";

let converter = null;

/** @param {{ bytes: Uint8Array, extension: string }} task */
export default async function convert({ bytes, extension }) {
  converter ??= new MarkItDown();
  const result = await converter.convertBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    file_extension: extension,
  });
  return result ? result.markdown : null;
}
