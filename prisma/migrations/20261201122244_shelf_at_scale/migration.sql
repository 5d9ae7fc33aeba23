-- Trigram matching for shelf search (ships with PostgreSQL and as a PGlite contrib extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "project" ADD COLUMN     "documentCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "document_text" (
    "documentId" TEXT NOT NULL,
    "indexedChars" INTEGER NOT NULL,
    "truncated" BOOLEAN NOT NULL,
    "indexedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_text_pkey" PRIMARY KEY ("documentId")
);

-- CreateTable
CREATE TABLE "document_text_chunk" (
    "documentId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "start" INTEGER NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "document_text_chunk_pkey" PRIMARY KEY ("documentId","seq")
);

-- CreateIndex
-- fastupdate off: new entries go straight into the index instead of a pending list that only
-- VACUUM flushes, and PGlite never runs autovacuum, so every search would scan that list.
CREATE INDEX "document_text_chunk_body_idx" ON "document_text_chunk" USING GIN ("body" gin_trgm_ops) WITH (fastupdate = off);

-- AddForeignKey
ALTER TABLE "document_text" ADD CONSTRAINT "document_text_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "project_document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_text_chunk" ADD CONSTRAINT "document_text_chunk_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "project_document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The exact live-document count of each shelf, from the rows there now.
UPDATE "project" p SET "documentCount" = (
    SELECT count(*) FROM "project_document" d WHERE d."projectId" = p.id AND d."trashedAt" IS NULL);

-- Kept exact in the same transaction as every statement that adds, trashes, restores, moves or
-- deletes documents. Writers already hold the project's row lock (lib/db/locks.ts) when they
-- change its live rows, so the counter update waits for nobody new. Statement-level with
-- transition tables: trashing a whole project's shelf updates its row once, not per document.
CREATE FUNCTION "project_document_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE "project" p SET "documentCount" = p."documentCount" + d.n
        FROM (SELECT "projectId", count(*)::int AS n FROM new_rows WHERE "trashedAt" IS NULL GROUP BY 1) d
        WHERE p.id = d."projectId";
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE "project" p SET "documentCount" = p."documentCount" - d.n
        FROM (SELECT "projectId", count(*)::int AS n FROM old_rows WHERE "trashedAt" IS NULL GROUP BY 1) d
        WHERE p.id = d."projectId";
    ELSE
        UPDATE "project" p SET "documentCount" = p."documentCount" + d.n
        FROM (
            SELECT "projectId", sum(n)::int AS n FROM (
                SELECT "projectId", 1 AS n FROM new_rows WHERE "trashedAt" IS NULL
                UNION ALL
                SELECT "projectId", -1 AS n FROM old_rows WHERE "trashedAt" IS NULL
            ) changes GROUP BY 1 HAVING sum(n) <> 0
        ) d
        WHERE p.id = d."projectId";
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER "project_document_count_insert" AFTER INSERT ON "project_document"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_document_count_changed"();
CREATE TRIGGER "project_document_count_update" AFTER UPDATE ON "project_document"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_document_count_changed"();
CREATE TRIGGER "project_document_count_delete" AFTER DELETE ON "project_document"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_document_count_changed"();

-- Keyset indexes, one per sort key, partial on live rows, each matching its order with the id
-- tie-break (a backward scan serves the opposite order): lib/documents/shelf-order.ts.
CREATE INDEX "project_document_live_updated_idx" ON "project_document" ("projectId", "updatedAt" DESC, "id") WHERE "trashedAt" IS NULL;
CREATE INDEX "project_document_live_size_idx" ON "project_document" ("projectId", "sizeBytes" DESC, "id") WHERE "trashedAt" IS NULL;
CREATE INDEX "project_document_live_name_idx" ON "project_document" ("projectId", lower("name"), "id") WHERE "trashedAt" IS NULL;
-- Name search: substring, case-insensitive.
CREATE INDEX "project_document_name_trgm_idx" ON "project_document" USING GIN ("name" gin_trgm_ops) WITH (fastupdate = off) WHERE "trashedAt" IS NULL;
