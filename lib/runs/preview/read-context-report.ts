import { config } from "@/lib/config/env";
import type { Tx } from "@/lib/db/client";
import { listDocumentsOutsideIndex } from "@/lib/documents/list-documents-outside-index";
import type { AdmittedProject } from "@/lib/context/pinned-context";
import { OMITTED_LISTED_MAX, reportContext, type ContextReport, type ScopeReport } from "@/lib/context/context-report";
import type { ChatScope } from "@/lib/threads/thread-scope";

/** The report on an admitted context (its figures), with the documents its index leaves out read in the same transaction. */
export async function readContextReport(tx: Tx, admitted: AdmittedProject, userId: string): Promise<ContextReport> {
  const { instructionsMaxBytes, indexMaxBytes, memoryMaxBytes } = config();
  const outsideIndex = await listDocumentsOutsideIndex(tx, {
    projectId: admitted.pinned.projectId,
    userId,
    shown: admitted.pinned.indexShown,
    limit: OMITTED_LISTED_MAX,
    scope: admitted.pinned.scope,
  });
  const scope =
    admitted.pinned.scope && (await describeScope(tx, admitted.pinned.projectId, userId, admitted.pinned.scope));
  return reportContext({
    admitted,
    outsideIndex,
    scope,
    limits: { instructionsMaxBytes, indexMaxBytes, memoryMaxBytes },
  });
}

/** The scope's folders and live documents still on the shelf, with their paths and names, for the panel. */
async function describeScope(tx: Tx, projectId: string, userId: string, scope: ChatScope): Promise<ScopeReport> {
  const folders = await tx.projectFolder.findMany({
    where: { id: { in: scope.folderIds }, projectId, userId },
    select: { id: true, path: true },
    orderBy: { path: "asc" },
  });
  const documents = await tx.projectDocument.findMany({
    where: { id: { in: scope.documentIds }, projectId, userId, trashedAt: null },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return { ...scope, folders, documents };
}
