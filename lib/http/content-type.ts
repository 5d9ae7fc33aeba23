import path from "node:path";

// The Content-Type a stored file is served with, from its extension (never from what the
// uploader claimed), and whether a browser may show it inline. Inline is an allow-list of
// formats that cannot run script in our origin: plain text kinds, PDF and raster images.
// Everything else, and HTML, XHTML, SVG and XML above all, is served as an attachment.

interface ServedType {
  contentType: string;
  inline: boolean;
}

const TEXT = (type: string): ServedType => ({ contentType: `${type}; charset=utf-8`, inline: true });

const TYPES: Record<string, ServedType> = {
  ".txt": TEXT("text/plain"),
  ".log": TEXT("text/plain"),
  ".md": TEXT("text/markdown"),
  ".markdown": TEXT("text/markdown"),
  ".csv": TEXT("text/csv"),
  ".tsv": TEXT("text/tab-separated-values"),
  ".json": { contentType: "application/json; charset=utf-8", inline: true },
  ".pdf": { contentType: "application/pdf", inline: true },
  ".png": { contentType: "image/png", inline: true },
  ".jpg": { contentType: "image/jpeg", inline: true },
  ".jpeg": { contentType: "image/jpeg", inline: true },
  ".gif": { contentType: "image/gif", inline: true },
  ".webp": { contentType: "image/webp", inline: true },
  ".html": { contentType: "text/html; charset=utf-8", inline: false },
  ".htm": { contentType: "text/html; charset=utf-8", inline: false },
  ".xhtml": { contentType: "application/xhtml+xml", inline: false },
  ".svg": { contentType: "image/svg+xml", inline: false },
  ".xml": { contentType: "application/xml", inline: false },
  ".docx": { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", inline: false },
  ".xlsx": { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", inline: false },
  ".pptx": { contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", inline: false },
  ".ipynb": { contentType: "application/x-ipynb+json", inline: false },
  ".zip": { contentType: "application/zip", inline: false },
};

const UNKNOWN: ServedType = { contentType: "application/octet-stream", inline: false };

export function servedTypeOf(name: string): ServedType {
  return TYPES[path.extname(name).toLowerCase()] ?? UNKNOWN;
}
