// PostgreSQL cannot store U+0000 in text or jsonb (error 22P05), so one NUL from a model, a
// tool or a file would fail the write that persists a run and leave the run "running".
// Everything written at the persistence boundary goes through this: NUL becomes U+FFFD,
// the replacement character, in every string, object key included.

const NUL = /\u0000/g;

export function replaceNul<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\u0000") ? value.replace(NUL, "\uFFFD") : value;
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [clean(key), clean(child)]));
  }
  return value;
}
