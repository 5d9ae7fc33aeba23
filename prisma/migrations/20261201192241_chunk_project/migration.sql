-- Each search-text chunk carries its document's project, so a search narrows to one project's
-- chunks (through this btree index, AND-ed with the trigram index by the planner) instead of
-- matching text across every user's shelf and narrowing afterwards. Copied by the trigger that
-- already folds the text, so every writer fills it; a document never changes project.
-- AlterTable
ALTER TABLE "document_text_chunk" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT '';

CREATE OR REPLACE FUNCTION "document_text_chunk_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."folded" := lower(NEW."body");
    -- '' when the document is gone, so the insert fails on its foreign key (a purge while
    -- indexing, which the indexer expects) rather than on NOT NULL.
    NEW."projectId" := coalesce((SELECT d."projectId" FROM "project_document" d WHERE d.id = NEW."documentId"), '');
    RETURN NEW;
END
$$;

UPDATE "document_text_chunk" c SET "projectId" = d."projectId" FROM "project_document" d WHERE d.id = c."documentId";

-- CreateIndex
CREATE INDEX "document_text_chunk_projectId_idx" ON "document_text_chunk"("projectId");
