import { Prisma } from "@/lib/generated/prisma/client";
import { BM25_B, BM25_K1 } from "./bm25";
import { LABEL_FREQUENCY } from "./passage-terms";
import { tsqueryOperand } from "./parse-search-query";

// BM25 over document_passage rows in SQL. A term's frequency in a passage is read back from the
// weight label its positions carry (./passage-terms.ts): up to four index-free `@@` tests on the
// passage's own tsvector, presence first.

export interface WeightedTerm {
  lexeme: string;
  idf: number;
  /** The term's weight in the query: 1 for the person's words, less for feedback terms. */
  weight: number;
}

/** A term's frequency in the passage aliased `alias` (0 when absent). */
function frequencySql(alias: string, lexeme: string): Prisma.Sql {
  const column = Prisma.raw(`${alias}."terms"`);
  const literal = (name = "") => Prisma.raw(`'${tsqueryOperand(lexeme, name).replaceAll("'", "''")}'::tsquery`);
  const label = (name: "A" | "B" | "C") => Prisma.sql`${column} @@ ${literal(name)}`;
  // Most candidates lack most of the query's terms: one test settles those.
  return Prisma.sql`CASE WHEN NOT ${column} @@ ${literal()} THEN 0::float8 WHEN ${label("A")} THEN ${LABEL_FREQUENCY.A}::float8
    WHEN ${label("B")} THEN ${LABEL_FREQUENCY.B}::float8 WHEN ${label("C")} THEN ${LABEL_FREQUENCY.C}::float8 ELSE 1::float8 END`;
}

/**
 * The term frequencies of the passage aliased `alias`, as columns f0, f1, … (one per term), and
 * its length normalisation as column "norm": the inner half of a BM25 score (./bm25ScoreSql).
 */
export function termFrequencyColumnsSql(
  alias: string,
  terms: readonly WeightedTerm[],
  averageLength: number,
): Prisma.Sql {
  const norm = Prisma.sql`(${1 - BM25_B}::float8 + ${BM25_B}::float8 * ${Prisma.raw(`${alias}."termCount"`)} / ${Math.max(averageLength, 1)}::float8) AS norm`;
  return Prisma.join([
    norm,
    ...terms.map((term, i) => Prisma.sql`${frequencySql(alias, term.lexeme)} AS ${Prisma.raw(`f${i}`)}`),
  ]);
}

/** The BM25 score over the columns of termFrequencyColumnsSql, in the row that holds them. */
export function bm25ScoreSql(terms: readonly WeightedTerm[]): Prisma.Sql {
  if (terms.length === 0) return Prisma.sql`0::float8`;
  return Prisma.join(
    terms.map((term, i) => {
      const f = Prisma.raw(`f${i}`);
      return Prisma.sql`${term.idf * term.weight}::float8 * ${f} * ${BM25_K1 + 1}::float8 / (${f} + ${BM25_K1}::float8 * norm)`;
    }),
    " + ",
  );
}

/** `'a' | 'b'`: passages holding any of the terms. */
export function anyTermQuery(lexemes: readonly string[]): string {
  return lexemes.map((lexeme) => tsqueryOperand(lexeme)).join(" | ");
}

/** `('a' & 'b') | ('a' & 'c') | …`: passages holding at least two of the terms. */
export function twoTermsQuery(lexemes: readonly string[]): string {
  const pairs: string[] = [];
  for (let i = 0; i < lexemes.length; i++)
    for (let j = i + 1; j < lexemes.length; j++)
      pairs.push(`(${tsqueryOperand(lexemes[i]!)} & ${tsqueryOperand(lexemes[j]!)})`);
  return pairs.join(" | ");
}
