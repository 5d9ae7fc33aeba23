-- CreateEnum
CREATE TYPE "McpTransport" AS ENUM ('http', 'sse');

-- CreateEnum
CREATE TYPE "McpAuth" AS ENUM ('none', 'headers', 'oauth');

-- CreateEnum
CREATE TYPE "McpServerStatus" AS ENUM ('connected', 'needs_authorization', 'unreachable', 'refused');

-- CreateEnum
CREATE TYPE "McpEnabledFor" AS ENUM ('all', 'projects');

-- CreateEnum
CREATE TYPE "McpApprovalStatus" AS ENUM ('pending', 'approved', 'denied', 'expired');

-- CreateTable
CREATE TABLE "mcp_server" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "transport" "McpTransport" NOT NULL DEFAULT 'http',
    "auth" "McpAuth" NOT NULL DEFAULT 'none',
    "headerNames" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "headersSealed" TEXT,
    "enabledFor" "McpEnabledFor" NOT NULL DEFAULT 'all',
    "projectIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" "McpServerStatus" NOT NULL DEFAULT 'unreachable',
    "lastError" TEXT,
    "tools" JSONB NOT NULL DEFAULT '[]',
    "oauthSealed" TEXT,
    "oauthState" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mcp_server_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mcp_tool_approval" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "threadId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "status" "McpApprovalStatus" NOT NULL DEFAULT 'pending',
    "forThread" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMP(3),

    CONSTRAINT "mcp_tool_approval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mcp_chat_allowance" (
    "threadId" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mcp_chat_allowance_pkey" PRIMARY KEY ("threadId","serverId","tool")
);

-- CreateIndex
CREATE UNIQUE INDEX "mcp_server_oauthState_key" ON "mcp_server"("oauthState");

-- CreateIndex
CREATE INDEX "mcp_server_userId_createdAt_idx" ON "mcp_server"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "mcp_server_userId_nameKey_key" ON "mcp_server"("userId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "mcp_tool_approval_runId_toolCallId_key" ON "mcp_tool_approval"("runId", "toolCallId");

-- AddForeignKey
ALTER TABLE "mcp_server" ADD CONSTRAINT "mcp_server_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mcp_tool_approval" ADD CONSTRAINT "mcp_tool_approval_runId_fkey" FOREIGN KEY ("runId") REFERENCES "run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mcp_chat_allowance" ADD CONSTRAINT "mcp_chat_allowance_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mcp_chat_allowance" ADD CONSTRAINT "mcp_chat_allowance_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "mcp_server"("id") ON DELETE CASCADE ON UPDATE CASCADE;
