// How the preview dialog shows a file, from its extension (the same way the server picks
// the Content-Type). The server sends HTML, SVG and XML as attachments precisely so they
// cannot run in our origin: SVG and XML are shown as source, and HTML is rendered only inside
// a sandboxed frame with no scripts and an opaque origin (file-preview-body.tsx), its source
// one click away. Office files can only be shown as the server's converted text, where a URL
// for it exists.

export type PreviewKind = "text" | "html" | "source" | "image" | "pdf" | "office" | "none";

const TEXT = new Set([
  "txt",
  "log",
  "md",
  "markdown",
  "csv",
  "tsv",
  "json",
  "jsonl",
  "yaml",
  "yml",
  "toml",
  "ini",
  "cfg",
  "conf",
  "py",
  "js",
  "mjs",
  "cjs",
  "ts",
  "tsx",
  "jsx",
  "css",
  "scss",
  "sql",
  "sh",
  "bash",
  "rb",
  "go",
  "rs",
  "java",
  "c",
  "h",
  "cpp",
  "hpp",
  "cs",
  "php",
  "swift",
  "kt",
  "r",
  "tex",
  "rst",
  "env",
]);
const HTML = new Set(["html", "htm", "xhtml"]);
const SOURCE = new Set(["svg", "xml"]);
const IMAGE = new Set(["png", "jpg", "jpeg", "gif", "webp"]);
// Only what the server can convert: PPTX has no text form there, so it falls to "no preview".
const OFFICE = new Set(["docx", "xlsx"]);

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

export function previewKindOf(filename: string): PreviewKind {
  const ext = extensionOf(filename);
  if (TEXT.has(ext)) return "text";
  if (HTML.has(ext)) return "html";
  if (SOURCE.has(ext)) return "source";
  if (IMAGE.has(ext)) return "image";
  if (ext === "pdf") return "pdf";
  if (OFFICE.has(ext)) return "office";
  return "none";
}
