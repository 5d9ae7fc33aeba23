import { describe, expect, it } from "vitest";
import { mcpToolName, parseMcpToolName, serverSlug } from "@/lib/mcp/mcp-tool-name";

// Agent tools are named mcp__{server}__{tool} (docs/operations.md § "MCP servers"): letters,
// digits, _ and -, at most 64 characters.

const VALID = /^[A-Za-z0-9_-]{1,64}$/;

describe("MCP tool names", () => {
  it.each([
    ["Notes", "search_notes", "mcp__Notes__search_notes"],
    ["My Jira (prod)", "create-issue", "mcp__My_Jira_prod__create-issue"],
    ["a__b", "t", "mcp__a_b__t"],
    ["!!!", "x.y/z", "mcp__server__x_y_z"],
    ["日本", "検索", "mcp__server____"],
  ])("%s / %s → %s", (server, tool, name) => {
    expect(mcpToolName(server, tool)).toBe(name);
    expect(mcpToolName(server, tool)).toMatch(VALID);
  });

  it("cuts long names to 64 characters, keeping two long names apart", () => {
    const a = mcpToolName("A very long server name indeed", "an_extremely_long_tool_name_that_goes_on_and_on_a");
    const b = mcpToolName("A very long server name indeed", "an_extremely_long_tool_name_that_goes_on_and_on_b");
    expect(a).toMatch(VALID);
    expect(b).toMatch(VALID);
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(mcpToolName("A very long server name indeed", "an_extremely_long_tool_name_that_goes_on_and_on_a")).toBe(a);
  });

  it("reads a name back into its server and tool", () => {
    expect(parseMcpToolName("mcp__My_Jira__create_issue")).toEqual({ server: "My_Jira", tool: "create_issue" });
    expect(parseMcpToolName("mcp__x__a__b")).toEqual({ server: "x", tool: "a__b" });
    expect(parseMcpToolName("read_project_document")).toBeNull();
    expect(parseMcpToolName("mcp__onlyserver")).toBeNull();
  });

  it("keys a server's name by its slug, so names differing only in spelling collide", () => {
    expect(serverSlug("My Jira").toLowerCase()).toBe(serverSlug("my_jira").toLowerCase());
  });
});
