import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

// Every tool a connected server lists (a few pages at most), with its read-only annotation:
// a tool is read-only only when the server says so (`readOnlyHint: true`).

const MAX_PAGES = 10;

export async function listServerTools(
  client: Client,
  options: { timeout: number; signal?: AbortSignal },
): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listTools(cursor ? { cursor } : undefined, options);
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

export const isReadOnly = (tool: Tool): boolean => tool.annotations?.readOnlyHint === true;
