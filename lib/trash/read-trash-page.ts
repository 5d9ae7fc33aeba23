import { config } from "@/lib/config/env";
import { transaction, type Tx } from "@/lib/db/client";
import { nextOffset } from "@/lib/http/paging";
import { activeOriginProjectIds } from "./trash-origin";

// One page of a trash listing, documents and notes alike: the caller's trashed rows, most
// recently trashed first. Count, page and the origins' availability come from one transaction so
// they agree with each other.

interface TrashedRow {
  projectId: string;
  trashOrigin: unknown;
  trashedAt: Date | null;
}

type TrashedWhere = { userId: string; trashedAt: { not: null } };
type TrashOrder = ({ trashedAt: "desc" } | { id: "asc" })[];

/** The reads a page needs of a table with a trash (`tx.projectDocument`, `tx.projectNote`). */
interface TrashTable<Row extends TrashedRow> {
  count(args: { where: TrashedWhere }): PromiseLike<number>;
  findMany(args: { where: TrashedWhere; orderBy: TrashOrder; skip: number; take: number }): PromiseLike<Row[]>;
}

export interface TrashPageRows<Row extends TrashedRow> {
  rows: (Row & { trashedAt: Date })[];
  total: number;
  nextOffset: number | null;
  retentionDays: number;
  /** The origins a row can be restored into without a target (trash-origin.ts). */
  activeProjectIds: Set<string>;
}

export async function readTrashPage<Row extends TrashedRow>(
  table: (tx: Tx) => TrashTable<Row>,
  { userId, limit, offset }: { userId: string; limit: number; offset: number },
): Promise<TrashPageRows<Row>> {
  const { rows, total, activeProjectIds } = await transaction(async (tx) => {
    const where: TrashedWhere = { userId, trashedAt: { not: null } };
    const total = await table(tx).count({ where });
    const rows = await table(tx).findMany({
      where,
      orderBy: [{ trashedAt: "desc" }, { id: "asc" }],
      skip: offset,
      take: limit,
    });
    return { rows, total, activeProjectIds: await activeOriginProjectIds(tx, userId, rows) };
  });
  return {
    rows: rows.map((row) => ({ ...row, trashedAt: row.trashedAt! })),
    total,
    nextOffset: nextOffset(offset, rows.length, total),
    retentionDays: config().trashRetentionDays,
    activeProjectIds,
  };
}
