import type { RankedPassage } from "./rank-lexically";

// Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): each ranking adds 1 / (k + rank)
// to what it ranks, so lexical and vector scores, which share no scale, combine by rank alone.
// A document ranks by its best passage; a match of its name adds its own share.

export const FUSION_K = 60;

export interface FusedDocument {
  documentId: string;
  score: number;
  /** Its passages in the rankings, best first. */
  passages: { seq: number; score: number }[];
  nameMatched: boolean;
}

export function fuseRankings({
  passageRankings,
  nameRanking,
}: {
  passageRankings: RankedPassage[][];
  /** Documents whose name matches, best first. */
  nameRanking: string[];
}): FusedDocument[] {
  const passages = new Map<string, { documentId: string; seq: number; score: number }>();
  for (const ranking of passageRankings) {
    ranking.forEach((passage, rank) => {
      const key = `${passage.documentId}:${passage.seq}`;
      const entry = passages.get(key) ?? { documentId: passage.documentId, seq: passage.seq, score: 0 };
      entry.score += 1 / (FUSION_K + rank + 1);
      passages.set(key, entry);
    });
  }
  const documents = new Map<string, FusedDocument>();
  const documentOf = (documentId: string) => {
    let document = documents.get(documentId);
    if (!document) {
      document = { documentId, score: 0, passages: [], nameMatched: false };
      documents.set(documentId, document);
    }
    return document;
  };
  for (const passage of passages.values())
    documentOf(passage.documentId).passages.push({ seq: passage.seq, score: passage.score });
  for (const document of documents.values()) {
    document.passages.sort((a, b) => b.score - a.score || a.seq - b.seq);
    document.score = document.passages[0]!.score;
  }
  nameRanking.forEach((documentId, rank) => {
    const document = documentOf(documentId);
    document.nameMatched = true;
    document.score += 1 / (FUSION_K + rank + 1);
  });
  return [...documents.values()].sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId));
}
