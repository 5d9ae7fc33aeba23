-- Projects reshaped: forks, merges, documents that move between projects. A fork records its
-- origin (null once that project is deleted); a note copied by a fork records where from.
-- Copies share their original's stored bytes, so purge asks which other rows name the same
-- path: the (userId, storedRelpath) index answers that without a scan.

-- AlterTable
ALTER TABLE "project" ADD COLUMN     "forkedFromId" TEXT;

-- AlterTable
ALTER TABLE "project_note" ADD COLUMN     "forkedFrom" JSONB;

-- CreateIndex
CREATE INDEX "project_document_userId_storedRelpath_idx" ON "project_document"("userId", "storedRelpath");

-- AddForeignKey
ALTER TABLE "project" ADD CONSTRAINT "project_forkedFromId_fkey" FOREIGN KEY ("forkedFromId") REFERENCES "project"("id") ON DELETE SET NULL ON UPDATE CASCADE;
