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
function assertNoNul(value: unknown): void {
  const field = nulPathOf(value);
  if (field !== null)
    throw new AppError("validation_failed", undefined, { details: [{ path: field, message: NUL_REFUSED }] });
}

/** Where the first string (key or value) holding U+0000 is (`a.0.b`, `(body)` at the top), or null. */
export function nulPathOf(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "(body)" : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, child] of Object.entries(value)) {
    const found = nulPathOf(key, path) ?? nulPathOf(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
