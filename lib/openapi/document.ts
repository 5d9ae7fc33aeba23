import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import type { ErrorCode } from "@/lib/errors";
import { ERROR_MEANINGS, errorBodySchema, errorsByStatus } from "./error-schema";
import { API_OPERATIONS, API_TAGS, type ApiOperation } from "./operations";

// The OpenAPI 3.1 document of the HTTP API, generated from the operation table and the zod
// schemas the handlers parse (zod-openapi renders a request schema as its input, a response
// schema as its output). Built once per process and kept: it changes only with the code.

/** The app's version (package.json; a unit test holds them equal). */
export const API_VERSION = "0.1.0";

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description:
      "The session cookie that signing in sets (`__Secure-better-auth.session_token` when APP_URL is https). A cookie-authenticated POST/PATCH/PUT/DELETE must come from the app's own origin.",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    description:
      "`Authorization: Bearer <secret>` with a personal API token (Settings → API tokens), on the routes that accept tokens only; anywhere else it is a 401.",
  },
} as const;

/** The security requirements of an auth policy: any one of them admits the caller. */
export function securityOf(auth: ApiOperation["auth"]): Record<string, string[]>[] {
  if (auth === "accepts-tokens") return [{ sessionCookie: [] }, { bearerToken: [] }];
  if (auth === "session-only") return [{ sessionCookie: [] }];
  return [];
}

/** `{id}`, `docId`…: ids are UUIDs, other segments one plain name (lib/http/path-params.ts). */
export function pathParamsOf(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    shape[name] =
      name === "id" || name.endsWith("Id")
        ? z.string().meta({ format: "uuid", description: "A UUID (any other shape is a 404)" })
        : name === "folder"
          ? z.enum(["uploads", "outputs"])
          : z.string().meta({ description: "One plain name: no `/`, `\\`, NUL, `.` or `..`" });
  }
  return z.object(shape);
}

/** The error codes an operation can answer: what every such operation can, and its own. */
export function errorCodesOf(operation: ApiOperation): ErrorCode[] {
  const codes = new Set<ErrorCode>(operation.errors ?? []);
  if (operation.auth !== "public") codes.add("unauthorized");
  if (operation.auth !== "public" && operation.method !== "GET") codes.add("forbidden_origin");
  // A path segment is checked raw before any route (lib/http/raw-path.mjs): a malformed `%`
  // escape is a 400, a dot segment a 404; then by shape (lib/http/path-params.ts), a 404.
  if (pathParamsOf(operation.path)) ["not_found", "bad_request"].forEach((c) => codes.add(c as ErrorCode));
  if (operation.body)
    ["bad_request", "validation_failed", "payload_too_large", "unsupported_media_type"].forEach((c) =>
      codes.add(c as ErrorCode),
    );
  if (operation.multipart)
    ["bad_request", "validation_failed", "payload_too_large"].forEach((c) => codes.add(c as ErrorCode));
  if (operation.query) codes.add("validation_failed");
  codes.add("internal");
  return [...codes];
}

function responsesOf(operation: ApiOperation): ZodOpenApiResponsesObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const success of operation.responses) {
    const content = success.json
      ? { "application/json": { schema: success.json } }
      : Object.fromEntries(
          Object.entries(success.content ?? {}).map(([type, { schema, description }]) => [
            type,
            { schema: description && schema ? schema.meta({ description }) : schema },
          ]),
        );
    const existing = responses[String(success.status)];
    responses[String(success.status)] = {
      description: existing ? `${existing.description}; ${success.description}` : success.description,
      ...(Object.keys(content).length ? { content } : {}),
      ...(success.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(success.headers).map(([name, description]) => [
                name,
                { description, schema: { type: "string" } },
              ]),
            ),
          }
        : {}),
    };
  }
  if (operation.authErrors) {
    const byStatus = new Map<number, string[]>();
    for (const { status, description } of operation.authErrors)
      byStatus.set(status, [...(byStatus.get(status) ?? []), description]);
    for (const [status, descriptions] of [...byStatus].sort(([a], [b]) => a - b))
      responses[String(status)] = {
        description: descriptions.join("; "),
        content: { "application/json": { schema: authErrorBodySchema } },
      };
    return responses as ZodOpenApiResponsesObject;
  }
  for (const [status, codes] of errorsByStatus(errorCodesOf(operation))) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code]}`).join(" "),
      content: { "application/json": { schema: errorBodySchema } },
    };
  }
  return responses as ZodOpenApiResponsesObject;
}

const authErrorBodySchema = z
  .looseObject({ code: z.string(), message: z.string() })
  .meta({ id: "AuthError", description: "better-auth's error body (the /api/auth endpoints only)" });

function operationObject(operation: ApiOperation): ZodOpenApiOperationObject {
  const path = pathParamsOf(operation.path);
  return {
    operationId: operationIdOf(operation),
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: securityOf(operation.auth),
    ...(path || operation.query
      ? { requestParams: { ...(path ? { path } : {}), ...(operation.query ? { query: operation.query } : {}) } }
      : {}),
    ...(operation.body
      ? {
          requestBody: {
            // readJsonBody reads an empty body as {}: the body is optional wherever {} parses.
            required: !operation.body.safeParse({}).success,
            content: { "application/json": { schema: operation.body } },
          },
        }
      : {}),
    ...(operation.multipart
      ? {
          requestBody: {
            required: true,
            description: operation.multipart.description,
            content: { "multipart/form-data": { schema: operation.multipart.schema } },
          },
        }
      : {}),
    responses: responsesOf(operation),
  };
}

/** `GET /api/projects/{id}/documents` → `getProjectsIdDocuments`: stable and unique. */
export function operationIdOf({ method, path }: Pick<ApiOperation, "method" | "path">): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/{}.\-[\]]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const paths: NonNullable<ZodOpenApiObject["paths"]> = {};
  for (const operation of API_OPERATIONS) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase() as "get"] = operationObject(operation);
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Projects workspace API",
      version: API_VERSION,
      description: [
        "The HTTP API of the Projects workspace: everything the UI does.",
        "Errors have one shape (`Error`) and one code → status table. Request bodies are JSON unless said otherwise; a NUL character anywhere in a body or query is a 422.",
        "Any other `/api` path answers 401 without a session, else a JSON 404 `not_found`; any other `/api/auth` endpoint is a 404 `not_found` with or without one.",
      ].join(" "),
    },
    tags: API_TAGS.map((tag) => ({ ...tag })),
    components: { securitySchemes: SECURITY_SCHEMES },
    paths,
  });
}

let cached: { document: ReturnType<typeof createDocument>; json: string } | undefined;

function built() {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}

/** The generated document, built on first use and kept for the process. */
export function openApiDocument(): ReturnType<typeof createDocument> {
  return built().document;
}

/** The same document, serialised once. */
export function openApiJson(): string {
  return built().json;
}
