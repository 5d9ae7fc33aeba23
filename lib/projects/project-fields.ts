import { z } from "zod";
import { validationError } from "@/lib/errors";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import { PROJECT_NAME_MAX_CHARS } from "./project-name-limit";

// Pure rules for what a project may be named and told. Shared by the API, the server
// and the UI's client-side guard, so both sides reject exactly the same input.

export { PROJECT_NAME_MAX_CHARS };

export const projectNameSchema = z
  .string()
  .transform((name) => name.trim())
  .pipe(
    z
      .string()
      .min(1, "Name cannot be empty.")
      .max(PROJECT_NAME_MAX_CHARS, `Name must be at most ${PROJECT_NAME_MAX_CHARS} characters.`),
  );

/** The per-user uniqueness key: names differing only in case or outer spaces clash. */
export function projectNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Instructions over the cap are rejected, never truncated. */
export function assertInstructionsWithinCap(instructions: string, maxBytes: number): void {
  const bytes = utf8ByteLength(instructions);
  if (bytes > maxBytes) {
    throw validationError("instructions", `Instructions are ${bytes} bytes; the limit is ${maxBytes} bytes (UTF-8).`);
  }
}
