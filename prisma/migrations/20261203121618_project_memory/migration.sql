-- CreateEnum
CREATE TYPE "NoteState" AS ENUM ('proposed', 'approved', 'dismissed');

-- CreateEnum
CREATE TYPE "NoteOrigin" AS ENUM ('user', 'agent');

-- CreateTable
CREATE TABLE "project_note" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "state" "NoteState" NOT NULL,
    "origin" "NoteOrigin" NOT NULL,
    "threadId" TEXT,
    "messageId" TEXT,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "approvedAt" TIMESTAMP(3),
    "trashedAt" TIMESTAMP(3),
    "trashOrigin" JSONB,

    CONSTRAINT "project_note_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "project_note_projectId_state_trashedAt_approvedAt_idx" ON "project_note"("projectId", "state", "trashedAt", "approvedAt");

-- CreateIndex
CREATE INDEX "project_note_userId_trashedAt_idx" ON "project_note"("userId", "trashedAt");

-- AddForeignKey
ALTER TABLE "project_note" ADD CONSTRAINT "project_note_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
