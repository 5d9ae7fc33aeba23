import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { notFound } from "@/lib/errors";
import { oauthCallbackUrl } from "./oauth-callback-url";
import { sealHeaders } from "./connect-mcp-server";
import { readMcpServerDto } from "./list-mcp-servers";
import type { McpServerDto } from "./mcp-server-dto";
import {
  assertNameFree,
  nameTakenError,
  assertOwnedProjects,
  assertServerUrlAllowed,
  nameKeyOf,
  type McpServerFields,
} from "./mcp-server-fields";
import { probeMcpServer } from "./probe-mcp-server";

/**
 * A new connection (docs/operations.md § "MCP servers"): the address policy first (422, nothing
 * stored), then the row with its header values sealed, then a connect that lists the tools. A
 * server that cannot be reached yet is kept, with its status and last error.
 */
export async function createMcpServer({
  userId,
  fields,
  origin,
}: {
  userId: string;
  fields: McpServerFields;
  /** The origin the person's browser uses (for an OAuth callback). */
  origin?: string;
}): Promise<McpServerDto> {
  await assertServerUrlAllowed(fields.url);
  const db = await getDb();
  const id = randomUUID();
  const headers = fields.headers ?? {};
  const projectIds = await assertOwnedProjects(db, userId, fields.projectIds);
  await assertNameFree(db, userId, fields.name);
  await db.mcpServer
    .create({
      data: {
        id,
        userId,
        name: fields.name,
        nameKey: nameKeyOf(fields.name),
        url: fields.url,
        transport: fields.transport,
        headerNames: Object.keys(headers),
        headersSealed: Object.keys(headers).length ? await sealHeaders(id, headers) : null,
        auth: Object.keys(headers).length ? "headers" : "none",
        enabledFor: fields.enabledFor,
        projectIds,
      },
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? nameTakenError() : error;
    });
  await probeMcpServer({ serverId: id, userId, callbackUrl: origin ? oauthCallbackUrl(origin) : undefined });
  const dto = await readMcpServerDto({ userId, serverId: id });
  if (!dto) throw notFound();
  return dto;
}
