import { getDb } from "@/lib/db/client";
import { listThreadFiles } from "@/lib/thread-files/list-thread-files";
import type { StoredSource } from "./thread-message";

export type Source = StoredSource & { available: boolean };

/**
 * Whether each stored source (or citation) can still be opened, decided at read time: a document while it
 * is live on a shelf of the user's (not trashed, not purged), a thread file while it exists in
 * this thread. One query and at most two folder listings for a whole history.
 */
type Openable = Pick<StoredSource, "kind" | "name"> & { documentId?: string | null };

export async function withAvailability<T extends Openable>(
  { userId, threadId }: { userId: string; threadId: string },
  messages: readonly (readonly T[])[],
): Promise<(T & { available: boolean })[][]> {
  const all = messages.flat();
  if (all.length === 0) return messages.map(() => []);
  const documentIds = [
    ...new Set(all.flatMap((source) => (source.kind === "document" && source.documentId ? [source.documentId] : []))),
  ];
  const db = await getDb();
  const [liveDocuments, uploads, outputs] = await Promise.all([
    documentIds.length
      ? db.projectDocument.findMany({
          where: { id: { in: documentIds }, userId, trashedAt: null },
          select: { id: true },
        })
      : Promise.resolve([]),
    all.some((source) => source.kind === "upload")
      ? listThreadFiles({ userId, threadId, kind: "upload" })
      : Promise.resolve([]),
    all.some((source) => source.kind === "output")
      ? listThreadFiles({ userId, threadId, kind: "output" })
      : Promise.resolve([]),
  ]);
  const live = new Set(liveDocuments.map((document) => document.id));
  const files = {
    upload: new Set(uploads.map((file) => file.filename)),
    output: new Set(outputs.map((file) => file.filename)),
  };
  return messages.map((sources) =>
    sources.map((source) => ({
      ...source,
      available: source.kind === "document" ? live.has(source.documentId ?? "") : files[source.kind].has(source.name),
    })),
  );
}
