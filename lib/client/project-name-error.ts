import { PROJECT_NAME_MAX_CHARS } from "@/lib/projects/project-name-limit";
import { ApiError } from "./api";

export type ProjectNameProblem = "nameEmpty" | "nameTooLong" | "nameTaken";

/**
 * Which localized message explains a 422 on a project's name. The server names the field;
 * the input tells which of its three rules failed (empty, too long, or already taken).
 */
export function projectNameProblem(error: unknown, submittedName: string): ProjectNameProblem | null {
  if (!(error instanceof ApiError) || error.fieldIssues("name").length === 0) return null;
  const trimmed = submittedName.trim();
  if (trimmed.length === 0) return "nameEmpty";
  if (trimmed.length > PROJECT_NAME_MAX_CHARS) return "nameTooLong";
  return "nameTaken";
}
