import type { McpServer } from "@/lib/generated/prisma/client";

// What a person sees of a connection. Header values, tokens and client registrations are never part
// of it: only the header names.

export interface McpToolDto {
  name: string;
  description: string;
  readOnly: boolean;
}

export interface McpServerDto {
  id: string;
  name: string;
  url: string;
  transport: "http" | "sse";
  headerNames: string[];
  auth: "none" | "headers" | "oauth";
  status: "connected" | "needs_authorization" | "unreachable" | "refused";
  lastError: string | null;
  tools: McpToolDto[];
  enabledFor: "all" | "projects";
  projectIds: string[];
  createdAt: string;
}

/** The tools as stored at the last connect or refresh (anything else in the column is dropped). */
export function storedTools(value: unknown): McpToolDto[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tool) =>
    tool && typeof tool === "object" && typeof (tool as McpToolDto).name === "string"
      ? [
          {
            name: (tool as McpToolDto).name,
            description: String((tool as McpToolDto).description ?? ""),
            readOnly: (tool as McpToolDto).readOnly === true,
          },
        ]
      : [],
  );
}

/** `liveProjectIds`: the person's projects that still exist (a deleted one drops out). */
export function toMcpServerDto(server: McpServer, liveProjectIds?: ReadonlySet<string>): McpServerDto {
  return {
    id: server.id,
    name: server.name,
    url: server.url,
    transport: server.transport,
    headerNames: server.headerNames,
    auth: server.auth,
    status: server.status,
    lastError: server.lastError,
    tools: storedTools(server.tools),
    enabledFor: server.enabledFor,
    projectIds: liveProjectIds ? server.projectIds.filter((id) => liveProjectIds.has(id)) : server.projectIds,
    createdAt: server.createdAt.toISOString(),
  };
}
