import { servedTypeOf } from "./content-type";
import { fileContentSecurityPolicy } from "./security-headers";

// The HTTP response for a stored file (thread artifacts now, shelf document content later).
// `nosniff` on every response so a browser never second-guesses the declared type into
// something executable; attachment whenever the type is not on the inline allow-list.

function contentDisposition(disposition: "inline" | "attachment", name: string): string {
  // An ASCII fallback for old clients, and the exact UTF-8 name for everyone else (RFC 6266).
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function fileResponse({
  name,
  sizeBytes,
  body,
  download,
}: {
  name: string;
  sizeBytes: number;
  body: ReadableStream<Uint8Array>;
  download: boolean;
}): Response {
  const { contentType, inline } = servedTypeOf(name);
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(sizeBytes),
      "Content-Disposition": contentDisposition(download || !inline ? "attachment" : "inline", name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": fileContentSecurityPolicy(contentType),
      "Cache-Control": "private, no-store",
    },
  });
}

/** Bytes made by the server (an image's thumbnail): an image type, always inline, cacheable privately. */
export function imageBytesResponse({ bytes, mediaType }: { bytes: Uint8Array; mediaType: string }): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": mediaType,
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": fileContentSecurityPolicy(mediaType),
      "Cache-Control": "private, max-age=3600",
    },
  });
}
