-- CreateTable
CREATE TABLE "model_capability" (
    "endpoint" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "vision" BOOLEAN NOT NULL,
    "learnedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "model_capability_pkey" PRIMARY KEY ("endpoint","model")
);
