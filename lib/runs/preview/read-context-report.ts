import { config } from "@/lib/config/env";
import type { Tx } from "@/lib/db/client";
import { listDocumentsOutsideIndex } from "@/lib/documents/list-documents-outside-index";
import type { AdmittedProject } from "@/lib/context/pinned-context";
import { OMITTED_LISTED_MAX, reportContext, type ContextReport } from "@/lib/context/context-report";

/** The report on an admitted context (its figures), with the documents its index leaves out read in the same transaction. */
export async function readContextReport(tx: Tx, admitted: AdmittedProject, userId: string): Promise<ContextReport> {
  const { instructionsMaxBytes, indexMaxBytes, memoryMaxBytes } = config();
  const outsideIndex = await listDocumentsOutsideIndex(tx, {
    projectId: admitted.pinned.projectId,
    userId,
    shown: admitted.pinned.indexShown,
    limit: OMITTED_LISTED_MAX,
  });
  return reportContext({ admitted, outsideIndex, limits: { instructionsMaxBytes, indexMaxBytes, memoryMaxBytes } });
}
