import { readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { errorStatus } from "@/lib/errors";
import { API_VERSION, openApiDocument, openApiJson } from "@/lib/openapi/document";
import { RUN_STREAM_CHUNK_TYPES } from "@/lib/openapi/run-stream-schema";

// The generated document is valid OpenAPI 3.1 (the official 3.1 schema, through a maintained
// validator), and says what the rest of the code says: the error table, the app's version,
// the run stream's chunk types.

type Json = Record<string, any>;
const document = openApiDocument() as Json;

describe("the OpenAPI document", () => {
  it("is valid against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(openApiJson()));
    expect(validator.version).toBe("3.1");
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("would fail validation when broken (the validator is not a no-op)", async () => {
    const broken = JSON.parse(openApiJson());
    broken.paths["/api/projects"].get.responses = { ok: "yes" };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("is built once and serialised once", () => {
    expect(openApiDocument()).toBe(openApiDocument());
    expect(openApiJson()).toBe(openApiJson());
    expect(JSON.parse(openApiJson())).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("carries the app's version", () => {
    const pkg = JSON.parse(readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8")) as Json;
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.version).toBe(pkg.version);
    expect(API_VERSION).toBe(pkg.version);
  });

  it("describes the error shape with every code of the one table, each at its status", () => {
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(errorStatus));
    for (const [apiPath, item] of Object.entries(document.paths as Json))
      for (const [method, operation] of Object.entries(item as Json)) {
        for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
          const ref = (response as Json).content?.["application/json"]?.schema?.$ref;
          if (ref !== "#/components/schemas/Error") continue;
          const codes = [...String((response as Json).description).matchAll(/`(\w+)`:/g)].map((m) => m[1]!);
          expect(codes.length, `${method} ${apiPath} ${status}`).toBeGreaterThan(0);
          for (const code of codes)
            expect(errorStatus[code as keyof typeof errorStatus], `${code} at ${method} ${apiPath}`).toBe(
              Number(status),
            );
        }
      }
  });

  it("asks for a session or a token exactly where the two schemes apply", () => {
    expect(Object.keys(document.components.securitySchemes)).toEqual(["sessionCookie", "bearerToken"]);
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(document.components.securitySchemes.bearerToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/api/health"].get.security).toEqual([]);
    expect(document.paths["/api/openapi.json"].get.security).toEqual([]);
    expect(document.paths["/api/tokens"].post.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths["/api/threads"].get.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  });

  it("documents the run stream as Server-Sent Events with its chunk types", () => {
    for (const [apiPath, method] of [
      ["/api/threads/{id}/runs", "post"],
      ["/api/threads/{id}/runs/{runId}/stream", "get"],
    ] as const) {
      const ok = document.paths[apiPath][method].responses["200"];
      expect(Object.keys(ok.content)).toEqual(["text/event-stream"]);
      expect(ok.content["text/event-stream"].schema.$ref).toBe("#/components/schemas/RunStreamChunk");
      expect(ok.description).toContain("data: [DONE]");
    }
    const types = (document.components.schemas.RunStreamChunk.oneOf as Json[]).map((s) => s.properties.type.const);
    expect(types).toEqual(RUN_STREAM_CHUNK_TYPES);
    expect(types).toEqual(expect.arrayContaining(["text-delta", "message-metadata", "data-summarising", "error"]));
  });

  it("describes request bodies as their input: defaults optional, trimmed names with their limits", () => {
    const create = document.paths["/api/projects"].post.requestBody.content["application/json"].schema;
    expect(create.required).toEqual(["name"]);
    expect(create.properties.name.description).toMatch(/characters once trimmed/);
    expect(document.paths["/api/projects"].post.requestBody.required).toBe(true);
    // An empty body reads as {}: where {} parses, the body may be left out.
    expect(document.paths["/api/trash/documents/{docId}/restore"].post.requestBody.required).toBe(false);
    expect(document.paths["/api/threads/{id}"].patch.requestBody.required).toBe(true);
    const query = document.paths["/api/projects/{id}/documents"].get.parameters as Json[];
    expect(query.find((p) => p.name === "limit")).toMatchObject({ in: "query", schema: { default: 100 } });
    expect(query.find((p) => p.name === "limit")!.required).toBeUndefined();
    expect(query.find((p) => p.name === "id")).toMatchObject({ in: "path", required: true });
  });
});
