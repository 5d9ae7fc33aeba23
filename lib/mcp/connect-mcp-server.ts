import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { McpServer } from "@/lib/generated/prisma/client";
import { StoredOAuthProvider } from "./oauth-provider";
import { policyFetch } from "./policy-fetch";
import { seal, unseal } from "./seal";

// One connection to one of a person's MCP servers, through the official SDK's client: the
// transport the connection names, its secret headers opened only here, OAuth through the
// row's own store, and every request under the address policy (policy-fetch.ts).

export interface McpConnection {
  client: Client;
  provider: StoredOAuthProvider;
  close(): Promise<void>;
}

export const headersContext = (serverId: string) => `mcp-headers:${serverId}`;

export function sealHeaders(serverId: string, headers: Record<string, string>): Promise<string> {
  return seal(headers, headersContext(serverId));
}

type ServerRow = Pick<McpServer, "id" | "userId" | "url" | "transport" | "headersSealed" | "oauthSealed">;

export async function connectMcpServer(
  server: ServerRow,
  { callbackUrl, timeoutMs, signal }: { callbackUrl?: string; timeoutMs: number; signal?: AbortSignal },
): Promise<McpConnection> {
  const headers = (await unseal<Record<string, string>>(server.headersSealed, headersContext(server.id))) ?? {};
  const provider = await StoredOAuthProvider.load(server, callbackUrl);
  const url = new URL(server.url);
  const options = { requestInit: { headers }, fetch: policyFetch, authProvider: provider };
  const transport =
    server.transport === "sse" ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
  const client = new Client({ name: "projects-workspace", version: "1.0.0" });
  // The bound covers the transport's start too (an SSE stream that never opens), not only the
  // initialize request the SDK times itself.
  const bound = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = () => reject(bound.reason ?? new Error("The connection was abandoned."));
      if (bound.aborted) return stop();
      bound.addEventListener("abort", stop, { once: true });
      client.connect(transport, { timeout: timeoutMs, signal: bound }).then(resolve, reject);
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return { client, provider, close: () => client.close().catch(() => undefined) };
}
