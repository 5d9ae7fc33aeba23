import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A timestamp(3) column (UTC wall-clock time, as Prisma stores DateTime) as Date.toISOString()
 * writes it: for rows the database returns inside one JSON value.
 */
export function isoTimeSql(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
