import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TokenPolicy } from "@/lib/endpoints/route";
import { callApi } from "../support/route-client";

// Default deny for API tokens (docs/operations.md § "Security settings"): every route file under
// app/api is on exactly one of these lists, and its handlers say the same. A new route file fails
// this test until someone decides which list it belongs on.

const TOKEN_ALLOWLIST = [
  // The issue: "GET /api/export (session or API token)", so a script can take backups.
  "export",
  "projects",
  "projects/[id]",
  "projects/[id]/archive",
  "projects/[id]/unarchive",
  "projects/[id]/documents",
  "projects/[id]/documents/from-thread",
  "projects/[id]/documents/archive",
  "projects/[id]/documents/[docId]",
  "projects/[id]/documents/[docId]/content",
  "projects/[id]/documents/[docId]/attach-to-thread/[threadId]",
  "projects/[id]/thread-files",
  "projects/[id]/context",
  "projects/[id]/search-status",
  "projects/[id]/notes",
  "projects/[id]/notes/[noteId]",
  "projects/[id]/folders",
  "projects/[id]/folders/[folderId]",
  "projects/[id]/fork",
  "projects/[id]/merge",
  "projects/[id]/documents/transfer",
  "threads",
  "threads/[id]",
  "threads/[id]/move",
  "threads/[id]/messages",
  "threads/[id]/uploads",
  "threads/[id]/uploads/[filename]",
  "threads/[id]/outputs",
  "threads/[id]/artifacts/[folder]/[name]",
  "threads/[id]/runs",
  "threads/[id]/runs/[runId]/cancel",
  // A client that starts runs answers their MCP approvals too.
  "threads/[id]/runs/[runId]/approvals",
  "threads/[id]/runs/[runId]/events",
  "threads/[id]/runs/[runId]/stream",
  "threads/[id]/context",
  "threads/[id]/summary",
  "trash/documents",
  "trash/documents/[docId]/restore",
  "trash/documents/[docId]/purge",
  "trash/notes",
  "trash/notes/[noteId]/restore",
  "trash/notes/[noteId]/purge",
  "trash/purge",
];

const TOKEN_DENYLIST = [
  // Accounts and tokens are managed with a session only.
  "auth/[...all]",
  "tokens",
  "tokens/[id]",
  // MCP connections hold secrets and OAuth is a browser's redirect: session only.
  "mcp-servers",
  "mcp-servers/[id]",
  "mcp-servers/[id]/refresh",
  "mcp-servers/[id]/authorize",
  "mcp-servers/oauth/callback",
  // Not a token route (docs/operations.md § "Security settings"): an import writes a whole account,
  // session only.
  "import",
  "config",
  "models",
  "health",
  // Public, like health: the OpenAPI document of this API.
  "openapi.json",
  "[...unknown]",
];

const API_DIR = path.join(process.cwd(), "app", "api");

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(API_DIR, dir).split(path.sep).join("/")] : [];
  });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

describe("route inventory", () => {
  const files = routeFiles();

  it("puts every app/api route file on exactly one list", () => {
    const unlisted = files.filter((file) => !TOKEN_ALLOWLIST.includes(file) && !TOKEN_DENYLIST.includes(file));
    const both = files.filter((file) => TOKEN_ALLOWLIST.includes(file) && TOKEN_DENYLIST.includes(file));
    const stale = [...TOKEN_ALLOWLIST, ...TOKEN_DENYLIST].filter((file) => !files.includes(file));
    expect({ unlisted, both, stale }).toEqual({ unlisted: [], both: [], stale: [] });
  });

  it.each(files.filter((file) => !file.startsWith("auth/") && file !== "health" && file !== "openapi.json"))(
    "wraps every handler of %s with the policy of its list",
    async (file) => {
      const mod = (await import(/* @vite-ignore */ path.join(API_DIR, file, "route.ts"))) as Record<string, unknown>;
      const expected: TokenPolicy = TOKEN_ALLOWLIST.includes(file) ? "accepts-tokens" : "session-only";
      const handlers = METHODS.filter((method) => typeof mod[method] === "function");
      expect(handlers.length).toBeGreaterThan(0);
      for (const method of handlers)
        expect((mod[method] as { tokenPolicy?: TokenPolicy }).tokenPolicy, `${method} ${file}`).toBe(expected);
    },
  );

  it("serves the OpenAPI document without a session, and refuses a token there like health", async () => {
    const res = await callApi("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const document = await res.json();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(document.paths)).toContain("/api/threads/{id}/runs");
    // Built once: a second request answers the same document.
    expect(await (await callApi("GET", "/api/openapi.json")).json()).toEqual(document);
    const withToken = await callApi("GET", "/api/openapi.json", { headers: { authorization: "Bearer pwt_x" } });
    expect(withToken.status).toBe(401);
    expect((await withToken.json()).error.code).toBe("unauthorized");
  });
});
