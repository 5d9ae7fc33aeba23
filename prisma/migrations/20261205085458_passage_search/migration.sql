-- DropForeignKey
ALTER TABLE "document_text_chunk" DROP CONSTRAINT "document_text_chunk_documentId_fkey";

-- AlterTable
ALTER TABLE "document_text" ADD COLUMN     "analyzerVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "pageStarts" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "passageCount" INTEGER NOT NULL DEFAULT 0;

-- DropTable
-- The substring chunks give way to passages; every document is indexed again in the background
-- (analyzerVersion 0 is older than the indexer's), so search keeps answering from names until then.
DROP TABLE "document_text_chunk";
DROP FUNCTION "document_text_chunk_fold"();

-- CreateTable
CREATE TABLE "document_passage" (
    "documentId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "projectId" TEXT NOT NULL DEFAULT '',
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "heading" TEXT,
    "page" INTEGER,
    "body" TEXT NOT NULL,
    "terms" tsvector NOT NULL,
    "termCount" INTEGER NOT NULL,
    "contentHash" TEXT NOT NULL,

    CONSTRAINT "document_passage_pkey" PRIMARY KEY ("documentId","seq")
);

-- Scoring tests a passage's terms a few times per query word: kept inline and uncompressed, so
-- no test pays a decompression (lib/search/passage-terms.ts bounds their size to fit a page).
ALTER TABLE "document_passage" ALTER COLUMN "terms" SET STORAGE PLAIN;

-- CreateTable
CREATE TABLE "search_term" (
    "projectId" TEXT NOT NULL,
    "lexeme" TEXT NOT NULL,
    "df" INTEGER NOT NULL,

    CONSTRAINT "search_term_pkey" PRIMARY KEY ("projectId","lexeme")
);

-- CreateTable
CREATE TABLE "search_corpus" (
    "projectId" TEXT NOT NULL,
    "passages" INTEGER NOT NULL,
    "termCount" BIGINT NOT NULL,
    "revision" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "search_corpus_pkey" PRIMARY KEY ("projectId")
);

-- CreateTable
CREATE TABLE "passage_embedding" (
    "userId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "dimensions" INTEGER NOT NULL,
    "embedding" REAL[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "passage_embedding_pkey" PRIMARY KEY ("userId","model","contentHash")
);

-- CreateTable
CREATE TABLE "embedding_failure" (
    "userId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "lastError" TEXT NOT NULL,
    "retryAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "embedding_failure_pkey" PRIMARY KEY ("userId","model","contentHash")
);

-- CreateIndex
CREATE INDEX "document_passage_projectId_idx" ON "document_passage"("projectId");

-- CreateIndex
CREATE INDEX "document_passage_contentHash_idx" ON "document_passage"("contentHash");

-- CreateIndex
CREATE INDEX "document_text_analyzerVersion_idx" ON "document_text"("analyzerVersion");

-- CreateIndex
-- Candidate passages for a query's terms. New entries gather in a pending list (fastupdate),
-- which halves what indexing a passage costs; PGlite never vacuums, so the list is merged by
-- the insert that fills it, and kept small (1 MB) because every search also reads it.
CREATE INDEX "document_passage_terms_idx" ON "document_passage" USING GIN ("terms") WITH (fastupdate = on, gin_pending_list_limit = 1024);

-- AddForeignKey
ALTER TABLE "document_passage" ADD CONSTRAINT "document_passage_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "project_document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A passage carries its document's project, copied here so every writer fills it. '' when the
-- document is gone, so the insert fails on its foreign key (a purge while indexing, which the
-- indexer expects) rather than on NOT NULL.
CREATE FUNCTION "document_passage_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."projectId" := coalesce((SELECT d."projectId" FROM "project_document" d WHERE d.id = NEW."documentId"), '');
    RETURN NEW;
END
$$;

CREATE TRIGGER "document_passage_project" BEFORE INSERT ON "document_passage"
    FOR EACH ROW EXECUTE FUNCTION "document_passage_project"();

-- A document that moves to another project takes its passages along, in the same statement.
CREATE FUNCTION "project_document_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "document_passage" SET "projectId" = NEW."projectId" WHERE "documentId" = NEW.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER "project_document_moved" AFTER UPDATE OF "projectId" ON "project_document"
    FOR EACH ROW WHEN (OLD."projectId" IS DISTINCT FROM NEW."projectId") EXECUTE FUNCTION "project_document_moved"();

-- BM25's statistics per project, kept in the statement that changes the passages: the passages
-- holding each term (search_term.df) and the passage count and total length (search_corpus).
-- Rows are added in one (project, lexeme) order, so concurrent indexers never deadlock here.
CREATE FUNCTION "search_stats_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_term" ("projectId", "lexeme", "df")
        SELECT n."projectId", l.lexeme, count(*)::int FROM new_rows n, unnest(tsvector_to_array(n."terms")) AS l(lexeme)
        GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("projectId", "lexeme") DO UPDATE SET "df" = "search_term"."df" + excluded."df";
    INSERT INTO "search_corpus" ("projectId", "passages", "termCount")
        SELECT n."projectId", count(*)::int, sum(n."termCount") FROM new_rows n GROUP BY 1 ORDER BY 1
    ON CONFLICT ("projectId") DO UPDATE SET "passages" = "search_corpus"."passages" + excluded."passages",
        "termCount" = "search_corpus"."termCount" + excluded."termCount", "revision" = "search_corpus"."revision" + 1;
    RETURN NULL;
END
$$;

CREATE FUNCTION "search_stats_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_term" ("projectId", "lexeme", "df")
        SELECT o."projectId", l.lexeme, -count(*)::int FROM old_rows o, unnest(tsvector_to_array(o."terms")) AS l(lexeme)
        GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("projectId", "lexeme") DO UPDATE SET "df" = "search_term"."df" + excluded."df";
    DELETE FROM "search_term" t WHERE t."df" <= 0
        AND t."projectId" IN (SELECT DISTINCT o."projectId" FROM old_rows o);
    INSERT INTO "search_corpus" ("projectId", "passages", "termCount")
        SELECT o."projectId", -count(*)::int, -sum(o."termCount") FROM old_rows o GROUP BY 1 ORDER BY 1
    ON CONFLICT ("projectId") DO UPDATE SET "passages" = "search_corpus"."passages" + excluded."passages",
        "termCount" = "search_corpus"."termCount" + excluded."termCount", "revision" = "search_corpus"."revision" + 1;
    RETURN NULL;
END
$$;

-- A move (projectId changed) counts as removed from one project and added to the other, in one
-- ordered statement each.
CREATE FUNCTION "search_stats_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_term" ("projectId", "lexeme", "df")
        SELECT c."projectId", c.lexeme, sum(c.delta)::int FROM (
            SELECT o."projectId", l.lexeme, -1 AS delta FROM old_rows o, unnest(tsvector_to_array(o."terms")) AS l(lexeme)
            UNION ALL
            SELECT n."projectId", l.lexeme, 1 FROM new_rows n, unnest(tsvector_to_array(n."terms")) AS l(lexeme)
        ) c GROUP BY 1, 2 HAVING sum(c.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("projectId", "lexeme") DO UPDATE SET "df" = "search_term"."df" + excluded."df";
    DELETE FROM "search_term" t WHERE t."df" <= 0
        AND t."projectId" IN (SELECT DISTINCT o."projectId" FROM old_rows o);
    INSERT INTO "search_corpus" ("projectId", "passages", "termCount")
        SELECT c."projectId", sum(c.passages)::int, sum(c.terms) FROM (
            SELECT o."projectId", -1 AS passages, -o."termCount"::bigint AS terms FROM old_rows o
            UNION ALL
            SELECT n."projectId", 1, n."termCount"::bigint FROM new_rows n
        ) c GROUP BY 1 ORDER BY 1
    ON CONFLICT ("projectId") DO UPDATE SET "passages" = "search_corpus"."passages" + excluded."passages",
        "termCount" = "search_corpus"."termCount" + excluded."termCount", "revision" = "search_corpus"."revision" + 1;
    RETURN NULL;
END
$$;

CREATE TRIGGER "search_stats_added" AFTER INSERT ON "document_passage"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_stats_added"();
CREATE TRIGGER "search_stats_removed" AFTER DELETE ON "document_passage"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_stats_removed"();
CREATE TRIGGER "search_stats_moved" AFTER UPDATE ON "document_passage"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_stats_moved"();

-- Vectors in pgvector's type where the database has the extension (PGlite loads it; a
-- PostgreSQL server with pgvector installed has it), a plain real[] otherwise. The application
-- reads the column's type to choose how it scores (lib/search/vector-storage.ts).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
        CREATE EXTENSION IF NOT EXISTS vector;
        ALTER TABLE "passage_embedding" ALTER COLUMN "embedding" TYPE vector USING "embedding"::vector;
    END IF;
END
$$;
