import { Prisma } from "@/lib/generated/prisma/client";

// A note's approval and its last change are stamped with the database's clock, the one
// admission pins a run's time with (lib/runs/admission/pin-project-context.ts), so every
// instance agrees on which notes a run may read. The statement's own clock, not the
// transaction's start: these are short transactions, and the stamp should be as close to the
// commit as it can be.
export const noteTimeSql = Prisma.sql`(clock_timestamp() AT TIME ZONE 'UTC')`;
