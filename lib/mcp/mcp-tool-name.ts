// The names the agent calls MCP tools by, `mcp__{server}__{tool}`
// (docs/operations.md § "MCP servers"): letters, digits, `_` and `-`, at most 64 characters. The
// server's part is its name with every other character run made one `_` (so it never holds `__`,
// and the name splits back); a name too long is cut and ends in a short hash of the whole, so two
// long names stay apart. Pure: the chat's tool cards read a call's server and tool back from its
// name.

export const MCP_TOOL_PREFIX = "mcp__";
const MAX_LENGTH = 64;

/** A server's name as the agent's tool names carry it (also its uniqueness key, lower-cased). */
export function serverSlug(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 32) || "server"
  );
}

function toolSlug(tool: string): string {
  return tool.replace(/[^A-Za-z0-9_-]/g, "_") || "tool";
}

/** FNV-1a, 32 bits, as 7 base-36 digits: enough to keep two cut names apart. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36).padStart(7, "0");
}

export function mcpToolName(serverName: string, tool: string): string {
  const full = `${MCP_TOOL_PREFIX}${serverSlug(serverName)}__${toolSlug(tool)}`;
  if (full.length <= MAX_LENGTH) return full;
  const suffix = `_${shortHash(`${serverName}\u0000${tool}`)}`;
  return full.slice(0, MAX_LENGTH - suffix.length) + suffix;
}

/** The server and tool a name stands for (as slugs), or null for a tool that is not an MCP one. */
export function parseMcpToolName(name: string): { server: string; tool: string } | null {
  if (!name.startsWith(MCP_TOOL_PREFIX)) return null;
  const rest = name.slice(MCP_TOOL_PREFIX.length);
  const split = rest.indexOf("__");
  if (split <= 0 || split + 2 >= rest.length) return null;
  return { server: rest.slice(0, split), tool: rest.slice(split + 2) };
}
