import "server-only";
/** Whether a filesystem error means the path is not there (itself or a folder on its way). */
export function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
