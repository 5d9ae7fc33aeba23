-- AlterTable
ALTER TABLE "project_document" ADD COLUMN     "folderId" TEXT;

-- AlterTable
ALTER TABLE "thread" ADD COLUMN     "scopeDocumentIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "scopeFolderIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "project_folder" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "parentId" TEXT,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "lineage" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_folder_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "project_folder_projectId_userId_idx" ON "project_folder"("projectId", "userId");

-- CreateIndex
CREATE INDEX "project_folder_parentId_idx" ON "project_folder"("parentId");

-- CreateIndex
CREATE INDEX "project_document_folderId_idx" ON "project_document"("folderId");

-- AddForeignKey
ALTER TABLE "project_document" ADD CONSTRAINT "project_document_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "project_folder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_folder" ADD CONSTRAINT "project_folder_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_folder" ADD CONSTRAINT "project_folder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_folder" ADD CONSTRAINT "project_folder_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "project_folder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Names are unique per parent, case-insensitively (nameKey = lower(name)); the root's parent is
-- null, which a plain unique index would treat as distinct each time.
CREATE UNIQUE INDEX "project_folder_parent_name_key" ON "project_folder" ("projectId", COALESCE("parentId", ''), "nameKey");

-- "This folder or below": lineage holds the ids from the root down to the folder itself.
CREATE INDEX "project_folder_lineage_idx" ON "project_folder" USING GIN ("lineage") WITH (fastupdate = off);

-- One folder's page of the shelf in the default order, and its exact count (partial on live
-- rows like the shelf's other keyset indexes).
CREATE INDEX "project_document_live_folder_updated_idx" ON "project_document" ("projectId", "folderId", "updatedAt" DESC, "id") WHERE "trashedAt" IS NULL;
