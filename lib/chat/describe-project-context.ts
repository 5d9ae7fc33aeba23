import { transaction } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { pinProjectContext } from "./admit-run";
import { readContextSummary } from "./read-context-summary";
import type { RunContextSummary } from "./summarise-run-context";

/** GET /api/projects/{id}/context: what the next run of any chat in the project would receive. */
export async function describeProjectContext({
  projectId,
  userId,
}: {
  projectId: string;
  userId: string;
}): Promise<RunContextSummary> {
  return transaction(async (tx) => {
    const admitted = await pinProjectContext(tx, { projectId, userId });
    if (!admitted) throw notFound();
    return readContextSummary(tx, admitted, userId);
  });
}
