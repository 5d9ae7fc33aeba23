-- AlterTable
ALTER TABLE "run" ADD COLUMN     "modelId" TEXT;

-- AlterTable
ALTER TABLE "thread" ADD COLUMN     "modelId" TEXT;
