-- AlterTable
ALTER TABLE "run" ADD COLUMN     "cancelRequestedAt" TIMESTAMP(3),
ADD COLUMN     "instanceId" TEXT,
ADD COLUMN     "leaseExpiresAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "run_stream_batch" (
    "runId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "chunks" JSONB NOT NULL,
    "final" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_stream_batch_pkey" PRIMARY KEY ("runId","seq")
);

-- CreateIndex
CREATE INDEX "run_status_leaseExpiresAt_idx" ON "run"("status", "leaseExpiresAt");

-- AddForeignKey
ALTER TABLE "run_stream_batch" ADD CONSTRAINT "run_stream_batch_runId_fkey" FOREIGN KEY ("runId") REFERENCES "run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
