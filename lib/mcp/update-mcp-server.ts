import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { sealHeaders } from "./connect-mcp-server";
import { readMcpServerDto } from "./list-mcp-servers";
import type { McpServerDto } from "./mcp-server-dto";
import {
  assertNameFree,
  assertOwnedProjects,
  assertServerUrlAllowed,
  nameKeyOf,
  nameTakenError,
  type McpServerFields,
} from "./mcp-server-fields";
import { oauthCallbackUrl } from "./oauth-callback-url";
import { probeMcpServer } from "./probe-mcp-server";

/**
 * Edits a connection. New headers replace the old ones whole (their values are write-only,
 * so there is nothing to merge with). A new URL passes the address policy and drops the
 * OAuth registration and tokens, which belong to the old server. A change of where or how to
 * connect reconnects and lists the tools again.
 */
export async function updateMcpServer({
  userId,
  serverId,
  fields,
  origin,
}: {
  userId: string;
  serverId: string;
  fields: Partial<McpServerFields>;
  origin?: string;
}): Promise<McpServerDto> {
  const db = await getDb();
  const server = await db.mcpServer.findFirst({ where: { id: serverId, userId } });
  if (!server) throw notFound();
  const data: Prisma.McpServerUpdateManyMutationInput = {};
  if (fields.name !== undefined && fields.name !== server.name) {
    await assertNameFree(db, userId, fields.name, serverId);
    Object.assign(data, { name: fields.name, nameKey: nameKeyOf(fields.name) });
  }
  const urlChanged = fields.url !== undefined && fields.url !== server.url;
  if (urlChanged) {
    await assertServerUrlAllowed(fields.url!);
    Object.assign(data, { url: fields.url, oauthSealed: null, oauthState: null, tools: [] });
  }
  if (fields.transport !== undefined) data.transport = fields.transport;
  if (fields.headers !== undefined) {
    const names = Object.keys(fields.headers);
    Object.assign(data, {
      headerNames: names,
      headersSealed: names.length ? await sealHeaders(serverId, fields.headers) : null,
    });
  }
  const headerCount = fields.headers !== undefined ? Object.keys(fields.headers).length : server.headerNames.length;
  if (urlChanged || fields.headers !== undefined)
    data.auth = server.auth === "oauth" && !urlChanged ? "oauth" : headerCount ? "headers" : "none";
  if (fields.enabledFor !== undefined) data.enabledFor = fields.enabledFor;
  if (fields.projectIds !== undefined) data.projectIds = await assertOwnedProjects(db, userId, fields.projectIds);
  try {
    const { count } = await db.mcpServer.updateMany({ where: { id: serverId, userId }, data });
    if (count === 0) throw notFound();
  } catch (error) {
    throw isUniqueViolation(error) ? nameTakenError() : error;
  }
  if (urlChanged || fields.transport !== undefined || fields.headers !== undefined)
    await probeMcpServer({ serverId, userId, callbackUrl: origin ? oauthCallbackUrl(origin) : undefined });
  const dto = await readMcpServerDto({ userId, serverId });
  if (!dto) throw notFound();
  return dto;
}
