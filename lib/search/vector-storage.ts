import { getDb, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// passage_embedding.embedding is pgvector's `vector` where the database had the extension when
// migrated, `real[]` otherwise (migration passage_search). Read once per database client (a
// process that switches databases, like the benchmark, asks the new one).

export type VectorColumn = "vector" | "real[]";

const columns = new WeakMap<object, Promise<VectorColumn>>();

export async function vectorColumn(): Promise<VectorColumn> {
  const db = await getDb();
  let column = columns.get(db);
  if (!column) {
    column = db.$queryRaw<{ type: string }[]>`
      SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
      WHERE a.attrelid = 'passage_embedding'::regclass AND a.attname = 'embedding'`.then(([row]) =>
      row?.type.startsWith("vector") ? "vector" : "real[]",
    );
    columns.set(db, column);
  }
  return column;
}

/** A vector in the text form both column types accept through a cast. */
export function vectorText(vector: readonly number[], column: VectorColumn): string {
  const numbers = vector.map((value) => (Number.isFinite(value) ? Math.fround(value) : 0)).join(",");
  return column === "vector" ? `[${numbers}]` : `{${numbers}}`;
}

export interface NewEmbedding {
  userId: string;
  model: string;
  contentHash: string;
  vector: number[];
}

/** Stores vectors (an identical passage embedded meanwhile keeps the first). */
export async function storeEmbeddings(tx: Pick<Tx, "$executeRaw">, rows: NewEmbedding[]): Promise<void> {
  if (rows.length === 0) return;
  const column = await vectorColumn();
  const cast = Prisma.raw(column === "vector" ? "vector" : "real[]");
  const values = rows.map(
    (row) =>
      Prisma.sql`(${row.userId}, ${row.model}, ${row.contentHash}, ${row.vector.length}::int, ${vectorText(row.vector, column)}::${cast})`,
  );
  await tx.$executeRaw`
    INSERT INTO "passage_embedding" ("userId", model, "contentHash", dimensions, embedding) VALUES ${Prisma.join(values)}
    ON CONFLICT ("userId", model, "contentHash") DO NOTHING`;
}
