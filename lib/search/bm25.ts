// Okapi BM25's pieces, shared by the SQL that scores passages (./rank-sql.ts) and its tests.

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** How much rarer terms count: Lucene's non-negative idf over the project's passages. */
export function inverseDocumentFrequency(passages: number, passagesWithTerm: number): number {
  return Math.log(1 + (passages - passagesWithTerm + 0.5) / (passagesWithTerm + 0.5));
}
