import type { Tx } from "@/lib/db/client";

export interface StoredPassage {
  documentId: string;
  seq: number;
  start: number;
  end: number;
  heading: string | null;
  page: number | null;
  body: string;
}

/** The stored passages named by (document, sequence); missing ones are left out. */
export async function readPassages(
  tx: Tx,
  keys: readonly { documentId: string; seq: number }[],
): Promise<Map<string, StoredPassage>> {
  if (keys.length === 0) return new Map();
  const rows = await tx.$queryRaw<StoredPassage[]>`
    SELECT p."documentId", p.seq, p.start, p."end", p.heading, p.page, p.body
    FROM unnest(${keys.map((k) => k.documentId)}::text[], ${keys.map((k) => k.seq)}::int[]) AS k("documentId", seq)
    JOIN "document_passage" p ON p."documentId" = k."documentId" AND p.seq = k.seq`;
  return new Map(rows.map((row) => [passageKey(row), row]));
}

export function passageKey(passage: { documentId: string; seq: number }): string {
  return `${passage.documentId}:${passage.seq}`;
}
