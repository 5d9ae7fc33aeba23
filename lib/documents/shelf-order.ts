import { Prisma } from "@/lib/generated/prisma/client";
import { validationError } from "@/lib/errors";

// The shelf's sort orders and their keyset cursors (docs/architecture.md § "HTTP surface"). Each
// sort key has one partial index on live rows, (projectId, key, id) with the key in its default
// direction and id ascending (migration shelf_at_scale). The default order scans that index
// forwards; the opposite order scans it backwards, so the id tie-break flips with it. Every order
// is therefore total and served by an index.

export const SHELF_SORTS = ["updated", "name", "size"] as const;
export type ShelfSort = (typeof SHELF_SORTS)[number];
/** A search (`q`) adds relevance, its default order. */
export const SEARCH_SORTS = ["relevance", ...SHELF_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type SortOrder = "asc" | "desc";

interface SortKey {
  /** The indexed expression, qualified by the alias `d`. */
  sql: Prisma.Sql;
  defaultOrder: SortOrder;
  /** A cursor's key (the expression's text form, read back by the page query) as SQL. */
  param(value: string): Prisma.Sql;
}

const KEYS: Record<ShelfSort, SortKey> = {
  updated: {
    sql: Prisma.sql`d."updatedAt"`,
    defaultOrder: "desc",
    param: (value) => Prisma.sql`${value}::timestamp(3)`,
  },
  // Case-insensitive, like a person reads a list of names.
  name: { sql: Prisma.sql`lower(d."name")`, defaultOrder: "asc", param: (value) => Prisma.sql`${value}::text` },
  size: { sql: Prisma.sql`d."sizeBytes"`, defaultOrder: "desc", param: (value) => Prisma.sql`${value}::bigint` },
};

/** The sort key's text form, selected with each row so a cursor round-trips it exactly. */
export function sortKeySql(sort: ShelfSort): Prisma.Sql {
  return Prisma.sql`${KEYS[sort].sql}::text`;
}

export function defaultOrderOf(sort: SearchSort): SortOrder {
  return sort === "relevance" ? "desc" : KEYS[sort].defaultOrder;
}

/** `ORDER BY` for a sort: the key in the requested direction, id ascending in the default one. */
export function orderBySql(sort: ShelfSort, order: SortOrder): Prisma.Sql {
  const forwards = order === KEYS[sort].defaultOrder;
  const direction = Prisma.raw(order === "asc" ? "ASC" : "DESC");
  return Prisma.sql`ORDER BY ${KEYS[sort].sql} ${direction}, d.id ${Prisma.raw(forwards ? "ASC" : "DESC")}`;
}

/**
 * Rows strictly after the cursor in this order. The first conjunct bounds the index range
 * (without it the planner would scan from the index's start and filter); the second skips
 * the ties already returned.
 */
export function afterCursorSql(sort: ShelfSort, order: SortOrder, cursor: ShelfCursor): Prisma.Sql {
  const key = KEYS[sort].sql;
  const value = KEYS[sort].param(cursor.key);
  const forwards = order === KEYS[sort].defaultOrder;
  const [bound, strict] = order === "asc" ? [Prisma.raw(">="), Prisma.raw(">")] : [Prisma.raw("<="), Prisma.raw("<")];
  const idAfter = Prisma.raw(forwards ? ">" : "<");
  return Prisma.sql`${key} ${bound} ${value} AND (${key} ${strict} ${value} OR d.id ${idAfter} ${cursor.id})`;
}

/** Where a page ended: the last row's key and id, plus what the cursor is valid for. */
export interface ShelfCursor {
  sort: SearchSort;
  order: SortOrder;
  q: string | null;
  /** The folder listed (`"root"` for the root), null for the whole shelf. */
  folder: string | null;
  key: string;
  id: string;
  /** Rows before the next page, so `nextOffset` stays meaningful on cursor pages. */
  position: number;
}

export function encodeCursor(cursor: ShelfCursor): string {
  return Buffer.from(
    JSON.stringify([cursor.sort, cursor.order, cursor.q, cursor.folder, cursor.key, cursor.id, cursor.position]),
  ).toString("base64url");
}

/**
 * Opaque to clients, but still input: anything that does not decode to a cursor for this
 * very listing (same sort, order, query and folder; a cursor from before folders has no folder
 * and is refused too) is a 422 on `cursor`, never a wrong page.
 */
export function decodeCursor(
  text: string,
  expected: { sort: SearchSort; order: SortOrder; q: string | null; folder: string | null },
): ShelfCursor {
  const invalid = () =>
    validationError("cursor", "The cursor is not one this listing returned. Start again without it.");
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parts) || parts.length !== 7) throw invalid();
  const [sort, order, q, folder, key, id, position] = parts as unknown[];
  if (sort !== expected.sort || order !== expected.order || q !== expected.q || folder !== expected.folder) {
    throw validationError(
      "cursor",
      "The cursor belongs to another sort, order, search or folder. Start again without it.",
    );
  }
  if (
    typeof key !== "string" ||
    typeof id !== "string" ||
    typeof position !== "number" ||
    !Number.isInteger(position) ||
    position < 0
  )
    throw invalid();
  // The key becomes a typed SQL parameter: a malformed one must be a 422, not a cast error.
  if (sort === "updated" && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(key)) throw invalid();
  if (sort === "size" && !/^\d{1,18}$/.test(key)) throw invalid();
  return { ...expected, key, id, position };
}
