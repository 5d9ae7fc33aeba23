import { access } from "node:fs/promises";

/** Whether a file or folder is there (stored bytes, a companion, a staging folder…). */
export const pathExists = (target: string): Promise<boolean> =>
  access(target).then(
    () => true,
    () => false,
  );
