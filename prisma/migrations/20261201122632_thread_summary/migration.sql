-- AlterTable
ALTER TABLE "thread" ADD COLUMN     "summary" TEXT,
ADD COLUMN     "summaryThroughMessageId" TEXT,
ADD COLUMN     "summaryUpdatedAt" TIMESTAMP(3);
