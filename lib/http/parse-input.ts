import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { zodDetails } from "./error-response";

// The one rule for input from a client, at every entry point (a JSON body or a query string
// of a route, the thread page's server actions): a NUL character anywhere is refused, since
// no text with NUL is ever stored (PostgreSQL refuses it), and a schema mismatch is refused;
// both as 422 `validation_failed` with the error table's message and one detail per problem.
// Text the server itself writes (a model's answer, a tool's result) is not input: it is
// stored with NUL replaced (lib/text/replace-nul.ts).

export const NUL_REFUSED = "Text cannot contain a NUL character.";

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  assertNoNul(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("validation_failed", undefined, { details: zodDetails(parsed.error) });
  return parsed.data;
}

/** The first string (key or value) holding U+0000, as a 422 naming where it is. */
function assertNoNul(value: unknown, path: string[] = []): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      const field = path.join(".") || "(body)";
      throw new AppError("validation_failed", undefined, { details: [{ path: field, message: NUL_REFUSED }] });
    }
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) {
    assertNoNul(key, path);
    assertNoNul(child, [...path, key]);
  }
}
