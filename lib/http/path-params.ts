import { notFound } from "@/lib/errors";

// Every dynamic path segment is checked by shape before any query (issue: hostile input):
// ids are UUIDs (all ids in paths are database UUIDs), and a name segment is one plain
// file name. Anything else is the same 404 a missing resource gets: never a redirect, a
// 500, or a match on some other route.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `id`, `docId`, `threadId`, `runId`…: any parameter named like an id. */
function isIdParam(name: string): boolean {
  return name === "id" || name.endsWith("Id");
}

function isPlainSegment(value: string): boolean {
  return value !== "" && value !== "." && value !== ".." && !/[\u0000/\\]/.test(value);
}

export function assertPathParams(params: object): void {
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) continue; // a catch-all answers 404 itself
    if (typeof value !== "string") throw notFound();
    if (isIdParam(name) ? !UUID.test(value) : !isPlainSegment(value)) throw notFound();
  }
}
