import { hasProjectTools, LIST_PROJECT_DOCUMENTS, READ_PROJECT_DOCUMENT } from "../project-tools-predicate";
import { listProjectDocumentsTool } from "./list-project-documents";
import { listThreadFilesTool } from "./list-thread-files";
import { readProjectDocumentTool } from "./read-project-document";
import { readThreadFileTool } from "./read-thread-file";
import type { RunToolContext } from "./run-tool-context";
import { writeOutputFileTool } from "./write-output-file";

/**
 * The tools of one run: thread tools always; the project document tools exactly when the run
 * has a pinned project context (the same predicate the request builder uses), so a run
 * without one never sees their schemas.
 */
export function buildRunTools(context: RunToolContext) {
  const threadTools = {
    list_thread_files: listThreadFilesTool(context),
    read_thread_file: readThreadFileTool(context),
    write_output_file: writeOutputFileTool(context),
  };
  if (!hasProjectTools(context.pinned)) return threadTools;
  return {
    ...threadTools,
    [LIST_PROJECT_DOCUMENTS]: listProjectDocumentsTool({ userId: context.userId, pinned: context.pinned }),
    [READ_PROJECT_DOCUMENT]: readProjectDocumentTool({ userId: context.userId, pinned: context.pinned }),
  };
}
