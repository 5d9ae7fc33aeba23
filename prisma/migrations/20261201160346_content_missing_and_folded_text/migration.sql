-- Whether a document's stored original was last found gone (or not its recorded size): kept
-- on the row by reconciliation and by reads, so a listing never stats files. Rows start
-- "present"; the next reconciliation (server start, the trash listing) finds any that are not.
-- AlterTable
ALTER TABLE "project_document" ADD COLUMN     "contentMissing" BOOLEAN NOT NULL DEFAULT false;

-- Search text folded once when written: a case-sensitive LIKE on lower(body) is exactly
-- ILIKE on body (PostgreSQL's ILIKE lowers both sides with lower()), without lowering every
-- candidate chunk again on every search. Filled by a trigger, not by the application, so
-- every writer folds exactly as the query's lower() does; lower() keeps character positions.
-- AlterTable
ALTER TABLE "document_text_chunk" ADD COLUMN     "folded" TEXT NOT NULL DEFAULT '';

CREATE FUNCTION "document_text_chunk_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."folded" := lower(NEW."body");
    RETURN NEW;
END
$$;

CREATE TRIGGER "document_text_chunk_fold" BEFORE INSERT OR UPDATE ON "document_text_chunk"
    FOR EACH ROW EXECUTE FUNCTION "document_text_chunk_fold"();

UPDATE "document_text_chunk" SET "folded" = lower("body");

-- DropIndex
DROP INDEX "document_text_chunk_body_idx";

-- CreateIndex
-- fastupdate off, as before: PGlite never vacuums a pending list.
CREATE INDEX "document_text_chunk_folded_idx" ON "document_text_chunk" USING GIN ("folded" gin_trgm_ops) WITH (fastupdate = off);
