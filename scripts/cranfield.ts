// The Cranfield collection's development half (the folder CRANFIELD_DIR names) and the
// measures the retrieval benchmark reports (scripts/bench-retrieval.ts).
import { readFileSync } from "node:fs";
import path from "node:path";

export interface CranfieldAbstract {
  id: number;
  title: string;
  text: string;
}

export interface CranfieldQuery {
  n: number;
  text: string;
  relevant: { doc: number; grade: number }[];
}

export function cranfieldDir(): string {
  const dir = process.env.CRANFIELD_DIR;
  if (!dir)
    throw new Error(
      "CRANFIELD_DIR is not set: name a folder with the Cranfield collection's cran.all.1400 and queries-dev.json",
    );
  return path.resolve(dir);
}

/** `.I` records with their `.T` title and `.W` text (the text repeats the title, as published). */
export function readAbstracts(dir = cranfieldDir()): CranfieldAbstract[] {
  const raw = readFileSync(path.join(dir, "cran.all.1400"), "utf8");
  return raw
    .split(/^\.I /m)
    .slice(1)
    .map((record) => {
      const id = Number(record.slice(0, record.indexOf("\n")));
      const field = (name: string) => {
        const match = new RegExp(`^\\.${name}\\n([\\s\\S]*?)(?=^\\.[A-Z]\\n|(?![\\s\\S]))`, "m").exec(record);
        return match ? match[1]!.trim() : "";
      };
      return { id, title: field("T"), text: field("W") };
    });
}

export function readQueries(dir = cranfieldDir()): CranfieldQuery[] {
  return JSON.parse(readFileSync(path.join(dir, "queries-dev.json"), "utf8")) as CranfieldQuery[];
}

/** nDCG@10 with every judged document relevant (gain 1), as the collection's README measures. */
export function ndcgAt10(ranked: readonly number[], relevant: ReadonlySet<number>): number {
  let dcg = 0;
  ranked.slice(0, 10).forEach((doc, i) => {
    if (relevant.has(doc)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function recallAt10(ranked: readonly number[], relevant: ReadonlySet<number>): number {
  return relevant.size === 0 ? 0 : ranked.slice(0, 10).filter((doc) => relevant.has(doc)).length / relevant.size;
}

export interface RetrievalScores {
  ndcg: number;
  recall: number;
  noHit: number;
  queries: number;
}

/** Mean nDCG@10 and recall@10 of a search over the queries, and how many found nothing. */
export async function scoreSearch(
  queries: readonly CranfieldQuery[],
  search: (text: string) => Promise<number[]>,
): Promise<RetrievalScores> {
  let ndcg = 0;
  let recall = 0;
  let noHit = 0;
  for (const query of queries) {
    const relevant = new Set(query.relevant.map((judged) => judged.doc));
    const ranked = await search(query.text);
    if (ranked.length === 0) noHit += 1;
    ndcg += ndcgAt10(ranked, relevant);
    recall += recallAt10(ranked, relevant);
  }
  return { ndcg: ndcg / queries.length, recall: recall / queries.length, noHit, queries: queries.length };
}
