import "server-only";
import { unlink } from "node:fs/promises";

// The one filesystem removal whose failure changes an outcome: purge keeps the trashed row
// and answers 500 retryable when a file cannot be unlinked. A real EACCES or EIO cannot be
// staged reliably in a test (root ignores permissions), so the call sits on an object the
// fault tests can replace: vi.spyOn(fileRemoval, "unlink").
export const fileRemoval = {
  unlink: (filePath: string): Promise<void> => unlink(filePath),
};
