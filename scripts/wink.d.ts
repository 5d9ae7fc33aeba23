// The parts of wink-bm25-text-search and wink-nlp-utils the retrieval benchmark uses (neither
// ships types): the textbook BM25 it measures the shelf's search against.
declare module "wink-bm25-text-search" {
  interface Bm25Engine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
    }): void;
    definePrepTasks(tasks: ((input: unknown) => unknown)[]): void;
    addDoc(document: Record<string, string>, id: string | number): void;
    consolidate(): void;
    search(text: string, limit?: number): [string | number, number][];
  }
  export default function bm25(): Bm25Engine;
}

declare module "wink-nlp-utils" {
  const utils: {
    string: { lowerCase(input: unknown): unknown; tokenize0(input: unknown): unknown };
  };
  export default utils;
}
