import { checkFileName, normaliseFileName } from "@/lib/files/file-name";
import { validationError } from "@/lib/errors";

// The rules of the folder tree (docs/architecture.md § "Shelf folders and chat scope"), pure: a
// folder's name follows the document name rules, is unique per parent case-insensitively, and the
// tree is at most FOLDER_MAX_DEPTH levels deep.

export const FOLDER_MAX_DEPTH = 8;

/** The normalised folder name, or a 422 naming `field`. */
export function normaliseFolderName(raw: string, field = "name"): string {
  const check = checkFileName(raw);
  if (!check.ok) throw validationError(field, check.reason.replace("The file name", "The folder name"));
  return check.name;
}

/** The key names are unique by, per parent: case-insensitive, as a person reads a list of names. */
export function folderNameKey(name: string): string {
  return name.toLowerCase();
}

/** A folder's path from its parent's path (null at the root) and its own name. */
export function childPath(parentPath: string | null, name: string): string {
  return parentPath === null ? name : `${parentPath}/${name}`;
}

/** Refuses a tree deeper than FOLDER_MAX_DEPTH: `depth` is the deepest level a change would make. */
export function assertFolderDepth(depth: number, field: string): void {
  if (depth > FOLDER_MAX_DEPTH)
    throw validationError(field, `Folders nest at most ${FOLDER_MAX_DEPTH} levels deep; this would make ${depth}.`);
}

/** The folder names of a folder path (`a/b`) from an archive's manifest, each judged by the name rules; 422 otherwise. */
export function parseFolderPath(raw: string, field = "folder"): string[] {
  const segments = raw.normalize("NFC").split("/");
  if (segments.some((segment) => segment.trim() === ""))
    throw validationError(field, "A folder path has no empty parts (a/b).");
  const names = segments.map((segment) => normaliseFolderName(segment, field));
  assertFolderDepth(names.length, field);
  return names;
}

/**
 * Splits an upload's relative path (`a/b/c.txt`) into its folder names and the file name, each
 * judged by the name rules; `\` counts as a separator too (a path from Windows). A leading `/`,
 * an empty segment, `.` or `..` is refused: the path stays relative to the shelf's root.
 */
export function splitRelativePath(raw: string, field = "path"): { folders: string[]; name: string } {
  const segments = raw.normalize("NFC").split(/[/\\]/);
  if (segments.some((segment) => segment.trim() === ""))
    throw validationError(field, "The path must be relative (a/b/c.txt) with no empty parts.");
  const folders = segments.slice(0, -1).map((segment) => normaliseFolderName(segment, field));
  assertFolderDepth(folders.length, field);
  return { folders, name: normaliseFileName(segments.at(-1)!, field) };
}
