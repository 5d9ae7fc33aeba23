import { File, FileCode, FileImage, FileSpreadsheet, FileText } from "lucide-react";
import { extensionOf, previewKindOf } from "./preview-kind";

const SHEETS = new Set(["csv", "tsv", "xlsx", "xls", "ods"]);
const CODE = new Set([
  "json",
  "html",
  "htm",
  "xhtml",
  "svg",
  "xml",
  "py",
  "js",
  "ts",
  "tsx",
  "jsx",
  "css",
  "sql",
  "sh",
]);

/** A glyph for the file's type, so a list of files can be scanned at a glance. */
export function FileIcon({ filename, className = "size-4" }: { filename: string; className?: string }) {
  const ext = extensionOf(filename);
  const kind = previewKindOf(filename);
  const Icon = SHEETS.has(ext)
    ? FileSpreadsheet
    : CODE.has(ext)
      ? FileCode
      : kind === "image"
        ? FileImage
        : kind === "none"
          ? File
          : FileText;
  return <Icon className={`${className} shrink-0 text-zinc-500 dark:text-zinc-400`} aria-hidden />;
}
