import { hasProjectTools } from "@/lib/context/project-tools-predicate";
import { listProjectDocumentsTool } from "./list-project-documents-tool";
import { listThreadFilesTool } from "./list-thread-files-tool";
import { readProjectDocumentTool } from "./read-project-document-tool";
import { readThreadFileTool } from "./read-thread-file-tool";
import { searchProjectDocumentsTool } from "./search-project-documents-tool";
import { proposeProjectNoteTool } from "./propose-project-note-tool";
import { readProjectMemoryTool } from "./read-project-memory-tool";
import type { RunToolContext } from "./run-tool-context";
import {
  LIST_PROJECT_DOCUMENTS,
  LIST_THREAD_FILES,
  PROPOSE_PROJECT_NOTE,
  READ_PROJECT_DOCUMENT,
  READ_PROJECT_MEMORY,
  READ_THREAD_FILE,
  SEARCH_PROJECT_DOCUMENTS,
  VIEW_IMAGE,
  WRITE_OUTPUT_FILE,
} from "@/lib/thread-messages/tool-names";
import { writeOutputFileTool } from "./write-output-file-tool";
import { viewImageTool } from "./view-image-tool";

/**
 * The tools of one run: thread tools always; the three project document tools and the memory
 * reader exactly when the run has a pinned project context (the same predicate the request
 * builder uses), so a run without one never sees their schemas; the proposal tool too, unless
 * the project was archived at admission (its memory is read-only).
 */
export function buildRunTools(context: RunToolContext) {
  const threadTools = {
    [LIST_THREAD_FILES]: listThreadFilesTool(context),
    [READ_THREAD_FILE]: readThreadFileTool(context),
    [WRITE_OUTPUT_FILE]: writeOutputFileTool(context),
    // Offered unless the model is known to be text-only (no `viewedImages`).
    ...(context.viewedImages ? { [VIEW_IMAGE]: viewImageTool(context, context.viewedImages) } : {}),
  };
  if (!hasProjectTools(context.pinned)) return threadTools;
  return {
    ...threadTools,
    [LIST_PROJECT_DOCUMENTS]: listProjectDocumentsTool({ userId: context.userId, pinned: context.pinned }),
    [READ_PROJECT_DOCUMENT]: readProjectDocumentTool({
      userId: context.userId,
      pinned: context.pinned,
      citations: context.citations,
    }),
    [SEARCH_PROJECT_DOCUMENTS]: searchProjectDocumentsTool({
      userId: context.userId,
      pinned: context.pinned,
      citations: context.citations,
    }),
    [READ_PROJECT_MEMORY]: readProjectMemoryTool({ userId: context.userId, pinned: context.pinned }),
    ...(context.pinned.archived
      ? {}
      : {
          [PROPOSE_PROJECT_NOTE]: proposeProjectNoteTool({
            userId: context.userId,
            threadId: context.threadId,
            answerMessageId: context.answerMessageId,
            pinned: context.pinned,
          }),
        }),
  };
}
