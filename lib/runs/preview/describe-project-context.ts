import { transaction } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { pinProjectContext } from "../admission/pin-project-context";
import { readContextReport } from "./read-context-report";
import type { ContextReport } from "@/lib/context/context-report";

/** GET /api/projects/{id}/context: what the next run of any thread in the project would receive. */
export async function describeProjectContext({
  projectId,
  userId,
}: {
  projectId: string;
  userId: string;
}): Promise<ContextReport> {
  return transaction(async (tx) => {
    const admitted = await pinProjectContext(tx, { projectId, userId, scope: null });
    if (!admitted) throw notFound();
    return readContextReport(tx, admitted, userId);
  });
}
