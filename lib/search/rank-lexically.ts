import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { inverseDocumentFrequency } from "./bm25";
import type { SearchQuery } from "./parse-search-query";
import { anyTermQuery, bm25ScoreSql, termFrequencyColumnsSql, twoTermsQuery, type WeightedTerm } from "./rank-sql";

// BM25 over one project's live passages, in three short statements: the terms' statistics,
// the ranking, and a feedback step that re-ranks the best few with words their top passages
// share (pseudo-relevance feedback, after Rocchio and RM3): a question's answer often uses
// words the question does not, and the top passages of a first ranking say which.

export interface RankedPassage {
  documentId: string;
  seq: number;
  score: number;
}

export interface LexicalRanking {
  passages: RankedPassage[];
  /** Live documents with at least one candidate passage (the shelf's result count). */
  documents: number;
}

/**
 * When the query's terms together occur in at most this many passages, every passage holding
 * any of them is scored (exact BM25). Past it, a passage must hold two of the rarer terms, or
 * one rare term: the top of a ranking almost always does, and common words stop costing a
 * scan of half the shelf.
 */
const EXACT_CANDIDATES = 5_000;
/** The rarer terms whose pairs select candidates on a large shelf. */
const PAIRED_TERMS = 6;
/** A term this rare (share of the passages) selects candidates on its own. */
const RARE_SHARE = 0.002;
/** Candidates scored at most, whatever the query: a bound on one search's work. */
const CANDIDATE_CAP = 50_000;
/** Feedback: terms taken from the top passages, how many passages, how many are re-ranked. */
const FEEDBACK_PASSAGES = 10;
const FEEDBACK_TERMS = 10;
const FEEDBACK_WEIGHT = 0.5;
/** A feedback term occurs in at least this many of the top passages: one passage's oddity is no evidence. */
const FEEDBACK_MIN_SHARED = 2;
const RERANKED = 100;
/** Passages per document the first ranking keeps when feedback may re-rank them. */
const FEEDBACK_PER_DOCUMENT = 10;
/** A pair kept together counts this share of an average query term's idf. */
const PAIR_WEIGHT = 0.5;
/**
 * Feedback needs evidence: a question (this many words or more) and a ranking of this many
 * documents. A keyword or two ranks by itself, and on a small shelf the top passages say
 * little about what else the person meant.
 */
const FEEDBACK_MIN_TERMS = 3;
const FEEDBACK_MIN_DOCUMENTS = 20;

export interface LexicalRequest {
  userId: string;
  projectId: string;
  /** Conditions on the document row `d` beyond owner, project and trash (folder, scope). */
  documentFilter: Prisma.Sql;
  query: SearchQuery;
  /** Passages kept per document. */
  perDocument: number;
  /** Ranked passages wanted. */
  depth: number;
}

interface Statistics {
  passages: number;
  averageLength: number;
  df: Map<string, number>;
}

async function readStatistics(tx: Tx, projectId: string, lexemes: string[]): Promise<Statistics> {
  const [row] = await tx.$queryRaw<{ passages: number; termCount: bigint; df: Record<string, number> | null }[]>`
    SELECT c.passages, c."termCount",
      (SELECT json_object_agg(t.lexeme, t.df) FROM "search_term" t WHERE t."projectId" = ${projectId} AND t.lexeme = ANY(${lexemes}::text[])) AS df
    FROM "search_corpus" c WHERE c."projectId" = ${projectId}`;
  if (!row || row.passages <= 0) return { passages: 0, averageLength: 1, df: new Map() };
  return {
    passages: row.passages,
    averageLength: Number(row.termCount) / row.passages,
    df: new Map(Object.entries(row.df ?? {}).filter(([, df]) => df > 0)),
  };
}

/** The tsquery that selects candidate passages (see EXACT_CANDIDATES). */
function candidateQuery(terms: { lexeme: string; df: number }[], passages: number): string {
  const byRarity = [...terms].sort((a, b) => a.df - b.df || a.lexeme.localeCompare(b.lexeme));
  const postings = byRarity.reduce((sum, term) => sum + term.df, 0);
  if (byRarity.length === 1 || postings <= EXACT_CANDIDATES) return anyTermQuery(byRarity.map((t) => t.lexeme));
  const paired = twoTermsQuery(byRarity.slice(0, PAIRED_TERMS).map((t) => t.lexeme));
  const rare = byRarity.filter((t) => t.df <= Math.max(50, passages * RARE_SHARE)).map((t) => t.lexeme);
  return rare.length > 0 ? `${paired} | ${anyTermQuery(rare)}` : paired;
}

async function firstRanking(
  tx: Tx,
  request: LexicalRequest,
  terms: WeightedTerm[],
  averageLength: number,
  select: string,
): Promise<LexicalRanking> {
  const { userId, projectId, documentFilter, query, perDocument, depth } = request;
  const phrases = query.phrases.map((phrase) => Prisma.sql`AND p.terms @@ ${phrase}::tsquery`);
  // Passages holding the terms first (the GIN index, the project's own), their term frequencies
  // read while the row is at hand (carrying the tsvectors on to the next step cost a third of
  // the query), then their documents: each step materialised, so no estimate can turn the plan
  // inside out.
  const statement = Prisma.sql`
    WITH hits AS MATERIALIZED (
      SELECT p."documentId", p.seq, ${termFrequencyColumnsSql("p", terms, averageLength)} FROM "document_passage" p
      WHERE p."projectId" = ${projectId} AND p.terms @@ ${select}::tsquery ${phrases.length > 0 ? Prisma.join(phrases, " ") : Prisma.empty}
      LIMIT ${CANDIDATE_CAP}
    ), cand AS MATERIALIZED (
      SELECT p.* FROM hits p JOIN "project_document" d ON d.id = p."documentId"
      WHERE d."userId" = ${userId} AND d."projectId" = ${projectId} AND d."trashedAt" IS NULL AND ${documentFilter}
    ), ranked AS (
      SELECT "documentId", seq, score, row_number() OVER (PARTITION BY "documentId" ORDER BY score DESC, seq) AS rn
      FROM (SELECT "documentId", seq, ${bm25ScoreSql(terms)} AS score FROM cand) scored
    )
    SELECT "documentId", seq, score, (SELECT count(DISTINCT "documentId") FROM cand)::int AS documents
    FROM ranked WHERE rn <= ${perDocument}
    ORDER BY score DESC, "documentId", seq
    LIMIT ${depth}`;
  // Hash joins only: a shelf whose statistics lag its growth (PGlite never analyses on its own)
  // must not get a nested loop over thousands of candidates.
  await tx.$executeRaw`SET LOCAL enable_nestloop = off`;
  const rows = await tx.$queryRaw<(RankedPassage & { documents: number })[]>(statement);
  await tx.$executeRaw`SET LOCAL enable_nestloop = on`;
  return {
    passages: rows.map(({ documentId, seq, score }) => ({ documentId, seq, score })),
    documents: rows[0]?.documents ?? 0,
  };
}

/** Terms the top passages share, weighted by how much of each passage they make and their rarity. */
async function feedbackTerms(
  tx: Tx,
  projectId: string,
  top: RankedPassage[],
  exclude: Set<string>,
  passages: number,
): Promise<WeightedTerm[]> {
  const rows = await tx.$queryRaw<{ lexeme: string; share: number; df: number }[]>`
    SELECT t.lexeme, t.share, s.df FROM (
      SELECT u.lexeme, sum(array_length(u.positions, 1)::float8 / greatest(p."termCount", 1)) AS share
      FROM unnest(${top.map((p) => p.documentId)}::text[], ${top.map((p) => p.seq)}::int[]) AS k("documentId", seq)
      JOIN "document_passage" p ON p."documentId" = k."documentId" AND p.seq = k.seq
      CROSS JOIN LATERAL unnest(p.terms) AS u
      GROUP BY u.lexeme
      HAVING count(*) >= ${FEEDBACK_MIN_SHARED}
    ) t JOIN "search_term" s ON s."projectId" = ${projectId} AND s.lexeme = t.lexeme`;
  const weighted = rows
    .filter((row) => !exclude.has(row.lexeme))
    .map((row) => ({ lexeme: row.lexeme, idf: inverseDocumentFrequency(passages, row.df), share: row.share }))
    .map((term) => ({ ...term, strength: term.share * term.idf }))
    .sort((a, b) => b.strength - a.strength || a.lexeme.localeCompare(b.lexeme))
    .slice(0, FEEDBACK_TERMS);
  const strongest = weighted[0]?.strength ?? 1;
  return weighted.map((term) => ({
    lexeme: term.lexeme,
    idf: term.idf,
    weight: (FEEDBACK_WEIGHT * term.strength) / strongest,
  }));
}

async function extraScores(
  tx: Tx,
  passages: RankedPassage[],
  terms: WeightedTerm[],
  pairs: string[],
  pairWeight: number,
  averageLength: number,
): Promise<Map<string, number>> {
  const together = pairs.map(
    (pair) => Prisma.sql`(CASE WHEN p.terms @@ ${pair}::tsquery THEN ${pairWeight}::float8 ELSE 0 END)`,
  );
  const rows = await tx.$queryRaw<{ documentId: string; seq: number; extra: number }[]>`
    SELECT "documentId", seq, ${bm25ScoreSql(terms)} + together AS extra FROM (
      SELECT p."documentId", p.seq, ${together.length > 0 ? Prisma.join(together, " + ") : Prisma.sql`0::float8`} AS together,
        ${termFrequencyColumnsSql("p", terms, averageLength)}
      FROM unnest(${passages.map((p) => p.documentId)}::text[], ${passages.map((p) => p.seq)}::int[]) AS k("documentId", seq)
      JOIN "document_passage" p ON p."documentId" = k."documentId" AND p.seq = k.seq
    ) c`;
  return new Map(rows.map((row) => [`${row.documentId}:${row.seq}`, row.extra]));
}

/** The project's live passages ranked by BM25 for the query, best first, re-ranked by feedback. */
export async function rankLexically(tx: Tx, request: LexicalRequest): Promise<LexicalRanking> {
  const { query, projectId } = request;
  if (query.lexemes.length === 0) return { passages: [], documents: 0 };
  const statistics = await readStatistics(tx, projectId, query.lexemes);
  const known = query.lexemes
    .filter((lexeme) => statistics.df.has(lexeme))
    .map((lexeme) => ({ lexeme, df: statistics.df.get(lexeme)! }));
  if (known.length === 0) return { passages: [], documents: 0 };
  const terms = known.map(({ lexeme, df }) => ({
    lexeme,
    idf: inverseDocumentFrequency(statistics.passages, df),
    weight: 1,
  }));
  const depth = Math.max(request.depth, RERANKED);
  // Feedback re-ranks passages, not documents: it sees a few of each document's, then the
  // per-document limit applies to the final order.
  const feedback = known.length >= FEEDBACK_MIN_TERMS;
  const wanted = {
    ...request,
    depth,
    perDocument: feedback ? Math.max(request.perDocument, FEEDBACK_PER_DOCUMENT) : request.perDocument,
  };
  let ranking = await firstRanking(
    tx,
    wanted,
    terms,
    statistics.averageLength,
    candidateQuery(known, statistics.passages),
  );
  // A large shelf's narrower candidates found too little: score every passage with any term.
  if (ranking.passages.length < Math.min(request.depth, 10)) {
    const every = anyTermQuery(known.map((t) => t.lexeme));
    if (every !== candidateQuery(known, statistics.passages))
      ranking = await firstRanking(tx, wanted, terms, statistics.averageLength, every);
  }
  const expansion =
    feedback && ranking.documents >= FEEDBACK_MIN_DOCUMENTS
      ? await feedbackTerms(
          tx,
          projectId,
          ranking.passages.slice(0, FEEDBACK_PASSAGES),
          new Set(query.lexemes),
          statistics.passages,
        )
      : [];
  const passages = await rerank(tx, ranking.passages, terms, expansion, query.pairs, statistics.averageLength);
  return {
    passages: limitPerDocument(passages, request.perDocument).slice(0, request.depth),
    documents: ranking.documents,
  };
}

/**
 * The head of a ranking scored again with what one pass over every candidate would cost too
 * much for: the feedback terms, and a bonus for each pair of the query's neighbouring words a
 * passage keeps together (after sequential-dependence models: "boundary layer" in a passage is
 * better evidence than "boundary" and "layer" apart).
 */
async function rerank(
  tx: Tx,
  ranked: RankedPassage[],
  terms: WeightedTerm[],
  expansion: WeightedTerm[],
  pairs: string[],
  averageLength: number,
): Promise<RankedPassage[]> {
  if (ranked.length < 2 || (expansion.length === 0 && pairs.length === 0)) return ranked;
  const head = ranked.slice(0, RERANKED);
  const pairWeight = (PAIR_WEIGHT * terms.reduce((sum, term) => sum + term.idf, 0)) / terms.length;
  const extra = await extraScores(tx, head, expansion, pairs, pairWeight, averageLength);
  const reranked = head
    .map((passage) => ({ ...passage, score: passage.score + (extra.get(`${passage.documentId}:${passage.seq}`) ?? 0) }))
    .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId) || a.seq - b.seq);
  // Below the re-ranked head, scores keep the first ranking's scale: lift them under its last.
  const floor = reranked.at(-1)?.score ?? 0;
  const tail = ranked.slice(RERANKED).map((passage) => ({ ...passage, score: Math.min(passage.score, floor) }));
  return [...reranked, ...tail];
}

function limitPerDocument(ranking: RankedPassage[], perDocument: number): RankedPassage[] {
  const counts = new Map<string, number>();
  return ranking.filter((passage) => {
    const count = counts.get(passage.documentId) ?? 0;
    counts.set(passage.documentId, count + 1);
    return count < perDocument;
  });
}
