// The order of every "most recent first" list: newest change first, ties broken by id so the
// order is total and a page boundary never repeats or skips a row. Threads, projects, the
// shelf's default order and the project index the model sees all use it
// (lib/documents/shelf-snapshot.ts writes the same order in SQL).

export type RecentlyUpdatedFirst = [{ updatedAt: "desc" }, { id: "asc" }];

/** Prisma's `orderBy` for `updatedAt DESC, id ASC`; a fresh array each call, since Prisma takes a mutable one. */
export function recentlyUpdatedFirst(): RecentlyUpdatedFirst {
  return [{ updatedAt: "desc" }, { id: "asc" }];
}
