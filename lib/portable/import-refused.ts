import { AppError } from "@/lib/errors";

// Why an archive is refused (a 422 with a reason: docs/architecture.md § "Export and import"). The
// reason is stable for clients and the UI's translated message; the message says which entry or
// field, in English; `field` names the manifest's field when one is at fault (`threads.0.title`).
export type ImportRefusalReason =
  | "not_a_zip"
  | "unsafe_path"
  | "duplicate_entry"
  | "too_many_entries"
  | "too_large"
  | "unknown_version"
  | "manifest_invalid"
  | "manifest_mismatch"
  | "corrupt_entry";

export function importRefused(reason: ImportRefusalReason, message: string, field?: string): AppError {
  return new AppError("validation_failed", `The archive cannot be imported: ${message}.`, {
    details: [{ path: "file", message, reason, ...(field ? { field } : {}) }],
  });
}
