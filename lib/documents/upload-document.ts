import { getDb } from "@/lib/db/client";
import { requireOwnedProject } from "@/lib/projects/require-owned-project";
import type { PlacedDocument } from "./document-dto";
import { placeStagedDocument } from "./place-document";
import { receiveDocumentUpload } from "./receive-document-upload";

/**
 * POST /api/projects/{id}/documents: stream the one `file` part to staging while hashing,
 * then place it on the shelf (dedup, lock, insert) in one transaction.
 */
export async function uploadDocument({
  userId,
  projectId,
  req,
}: {
  userId: string;
  projectId: string;
  req: Request;
}): Promise<PlacedDocument> {
  // Refuse early so a foreign or archived project never receives bytes; re-checked under lock.
  await requireOwnedProject(await getDb(), { projectId, userId, scope: "active" });
  const { staged, name, folders } = await receiveDocumentUpload({ userId, projectId, req });
  return placeStagedDocument({ userId, projectId, staged, name, folders });
}
