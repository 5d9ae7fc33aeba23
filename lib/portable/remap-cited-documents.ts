import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ThreadMessageMetadata } from "@/lib/thread-messages/thread-message";

/**
 * After an import, points the imported answers' sources and citations at the imported copies
 * of the documents they name (the archive knows each document by its id at export time). A
 * document that did not come along keeps the old id, which names nothing in this account: the
 * citation then says it is unavailable, as for a purged one.
 */
export async function remapCitedDocuments({
  userId,
  threadIds,
  documentIds,
}: {
  userId: string;
  threadIds: string[];
  documentIds: ReadonlyMap<string, string>;
}): Promise<void> {
  if (documentIds.size === 0 || threadIds.length === 0) return;
  const db = await getDb();
  const answers = await db.message.findMany({
    where: {
      threadId: { in: threadIds },
      thread: { userId },
      role: "assistant",
      NOT: { metadata: { equals: Prisma.DbNull } },
    },
    select: { id: true, metadata: true },
  });
  const renamed = (id: string | null | undefined) => (id ? (documentIds.get(id) ?? id) : id);
  for (const answer of answers) {
    const metadata = answer.metadata as ThreadMessageMetadata | null;
    if (!metadata?.sources && !metadata?.citations) continue;
    const next: ThreadMessageMetadata = {
      ...metadata,
      ...(metadata.sources
        ? { sources: metadata.sources.map((s) => ({ ...s, documentId: renamed(s.documentId) ?? undefined })) }
        : {}),
      ...(metadata.citations
        ? { citations: metadata.citations.map((c) => ({ ...c, documentId: renamed(c.documentId) ?? null })) }
        : {}),
    };
    await db.message.update({ where: { id: answer.id }, data: { metadata: next as Prisma.InputJsonValue } });
  }
}
