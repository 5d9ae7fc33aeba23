-- CreateEnum
CREATE TYPE "DocumentSourceKind" AS ENUM ('upload', 'output');

-- CreateTable
CREATE TABLE "project_document" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "storedRelpath" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "sizeBytes" BIGINT NOT NULL,
    "sourceThreadId" TEXT,
    "sourceKind" "DocumentSourceKind",
    "sourceName" TEXT,
    "trashedAt" TIMESTAMP(3),
    "trashOrigin" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "project_document_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "project_document_projectId_trashedAt_updatedAt_idx" ON "project_document"("projectId", "trashedAt", "updatedAt");

-- CreateIndex
CREATE INDEX "project_document_projectId_sha256_idx" ON "project_document"("projectId", "sha256");

-- CreateIndex
CREATE INDEX "project_document_userId_trashedAt_idx" ON "project_document"("userId", "trashedAt");

-- AddForeignKey
ALTER TABLE "project_document" ADD CONSTRAINT "project_document_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
