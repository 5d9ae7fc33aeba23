import { config } from "@/lib/config/env";
import type { Tx } from "@/lib/db/client";
import { listDocumentsOutsideIndex } from "@/lib/documents/list-documents-outside-index";
import type { AdmittedProject } from "./admit-run";
import { OMITTED_LISTED_MAX, summariseRunContext, type RunContextSummary } from "./summarise-run-context";

/** The summary of an admitted context, with the documents its index leaves out read in the same transaction. */
export async function readContextSummary(
  tx: Tx,
  admitted: AdmittedProject,
  userId: string,
): Promise<RunContextSummary> {
  const { instructionsMaxBytes, indexMaxBytes } = config();
  const outsideIndex = await listDocumentsOutsideIndex(tx, {
    projectId: admitted.pinned.projectId,
    userId,
    shown: admitted.pinned.indexShown,
    limit: OMITTED_LISTED_MAX,
  });
  return summariseRunContext({ admitted, outsideIndex, limits: { instructionsMaxBytes, indexMaxBytes } });
}
