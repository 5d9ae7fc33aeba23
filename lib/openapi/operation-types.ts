import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { TokenPolicy } from "@/lib/endpoints/route";

// The shape of one entry of the API's operation table (./operations.ts).

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call: the route's tokenPolicy, or "public" for the few routes without a caller. */
export type AuthPolicy = TokenPolicy | "public";

export const API_TAGS = [
  { name: "Projects", description: "Projects: a name, instructions for the agent, a shelf of documents" },
  { name: "Documents", description: "A project's shelf: upload, list and search, read, save from a chat" },
  { name: "Chats", description: "Chats (threads) and their history" },
  { name: "Chat files", description: "A chat's uploads and the files the agent wrote" },
  { name: "Runs", description: "An answer being written: started, streamed, followed, stopped" },
  { name: "Memory", description: "A project's memory: notes the user wrote or approved, and the agent's proposals" },
  { name: "Trash", description: "Trashed documents and notes: restore, purge, retention" },
  { name: "Account", description: "API tokens, export and import, the server's limits and models" },
  { name: "MCP servers", description: "A person's MCP servers: connections, their status and tools, OAuth" },
  { name: "Auth", description: "Accounts and sessions (better-auth's endpoints; their own error shape)" },
  { name: "Service", description: "Liveness and this document" },
] as const;

export type ApiTag = (typeof API_TAGS)[number]["name"];

export interface ApiSuccess {
  status: number;
  description: string;
  /** A zod schema of the JSON body, or another media type's content. */
  json?: z.ZodType;
  content?: Record<string, { schema?: z.ZodType; description?: string }>;
  headers?: Record<string, string>;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template: `{id}` for a dynamic segment. */
  path: string;
  tag: ApiTag;
  /** The first sentence of the route's header comment (after the dash). */
  summary: string;
  description?: string;
  auth: AuthPolicy;
  query?: z.ZodObject;
  /** A JSON body parsed with readJsonBody. */
  body?: z.ZodType;
  /** A multipart body streamed to disk (busboy), described by field. */
  multipart?: { schema: z.ZodObject; description: string };
  responses: ApiSuccess[];
  /** Codes beyond those every such operation can answer (see ./document.ts `errorCodesOf`). */
  errors?: ErrorCode[];
  /** better-auth's endpoints answer `{code, message}`, not the app's error shape. */
  authErrors?: { status: number; description: string }[];
}
