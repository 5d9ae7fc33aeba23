// The extensions the embedded database opens with, in one place for the server and the tests'
// migrated template: pg_trgm for name search, pgvector for passage vectors (PostgreSQL servers
// have pg_trgm built in and pgvector only when installed; migration passage_search adapts).
export async function embeddedExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  return { pg_trgm, vector };
}
