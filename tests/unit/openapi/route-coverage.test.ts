import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { API_OPERATIONS, type HttpMethod } from "@/lib/openapi/operations";

// The OpenAPI document against the route files themselves (read as source, not run): every
// exported method of every app/api/**/route.ts has its operation and no operation lacks one;
// its summary is the handler's header comment (its first sentence); its security is the wrapper's tokenPolicy; and
// the body and query it describes are the very schema objects the handler parses.

const ROOT = path.resolve(__dirname, "../../..");
const API_DIR = path.join(ROOT, "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Wrapper = "tokenRoute" | "authedRoute" | "plain";

interface RouteExport {
  method: HttpMethod;
  wrapper: Wrapper;
  /** The header comment's first sentence after the dash, when it names this method and path. */
  summary: string | null;
  /** The imports the handler passes to readJsonBody / readQuery: [module, name]. */
  body: [string, string] | null;
  query: [string, string] | null;
}

interface RouteFile {
  dir: string;
  /** `/api/projects/{id}`; for a catch-all, the prefix before it (`/api/auth/`). */
  path: string;
  catchAll: boolean;
  exports: RouteExport[];
}

function routeDirs(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeDirs(path.join(dir, entry.name));
    return entry.name === "route.ts" ? [path.relative(API_DIR, dir).split(path.sep).join("/")] : [];
  });
}

function readRouteFile(dir: string): RouteFile {
  const segments = dir === "" ? [] : dir.split("/");
  const catchAllAt = segments.findIndex((segment) => segment.startsWith("[..."));
  const kept = catchAllAt === -1 ? segments : segments.slice(0, catchAllAt);
  const apiPath = ["/api", ...kept.map((s) => (s.startsWith("[") ? `{${s.slice(1, -1)}}` : s))].join("/");
  const text = readFileSync(path.join(API_DIR, dir, "route.ts"), "utf8");
  const source = ts.createSourceFile("route.ts", text, ts.ScriptTarget.Latest, true);

  const imports = new Map<string, [string, string]>();
  const locals = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          imports.set(element.name.text, [statement.moduleSpecifier.text, (element.propertyName ?? element.name).text]);
    }
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) locals.set(declaration.name.text, statement);
    if (ts.isFunctionDeclaration(statement) && statement.name) locals.set(statement.name.text, statement);
  }

  const wrapperOf = (node: ts.Node): Wrapper => {
    if (ts.isVariableStatement(node)) {
      const init = node.declarationList.declarations[0]?.initializer;
      if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression)) {
        const name = init.expression.text;
        if (name === "tokenRoute" || name === "authedRoute") return name;
      }
    }
    return "plain";
  };
  const parsedWith = (node: ts.Node, reader: "readJsonBody" | "readQuery"): [string, string] | null => {
    let found: [string, string] | null = null;
    const visit = (child: ts.Node) => {
      if (ts.isCallExpression(child) && ts.isIdentifier(child.expression) && child.expression.text === reader) {
        const schema = child.arguments[1];
        if (schema && ts.isIdentifier(schema)) found = imports.get(schema.text) ?? ["(local)", schema.text];
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };
  const headerSummary = (node: ts.Node, method: string): string | null => {
    const comment = (ts.getLeadingCommentRanges(text, node.pos) ?? [])
      .map((range) => text.slice(range.pos, range.end))
      .filter((line) => line.startsWith("//"))
      .map((line) => line.replace(/^\/\/\s?/, ""))
      .join(" ");
    const match = /^([A-Z]+) (\/api\/\S*) – (.*)$/s.exec(comment);
    if (!match || match[1] !== method) return null;
    // The first sentence is the summary; more (options, caveats) belongs in the description.
    return /^(.*?)(?:\.(?=\s)|\.?$)/s.exec(match[3]!.replace(/\s+/g, " ").trim())![1]!;
  };

  const exports: RouteExport[] = [];
  const add = (method: string, node: ts.Node, header: ts.Node) => {
    if (!(METHODS as readonly string[]).includes(method)) return;
    exports.push({
      method: method as HttpMethod,
      wrapper: wrapperOf(node),
      summary: headerSummary(header, method),
      body: parsedWith(node, "readJsonBody"),
      query: parsedWith(node, "readQuery"),
    });
  };
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && exported(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) add(declaration.name.text, statement, statement);
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement))
      add(statement.name.text, statement, statement);
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      for (const specifier of statement.exportClause.elements) {
        const local = locals.get((specifier.propertyName ?? specifier.name).text);
        if (local) add(specifier.name.text, local, local);
      }
  }
  return { dir, path: apiPath, catchAll: catchAllAt !== -1, exports };
}

const routes = routeDirs().map(readRouteFile);
const document = openApiDocument();
const documented = Object.entries(document.paths ?? {}).flatMap(([apiPath, item]) =>
  METHODS.filter((method) => (item as Record<string, unknown>)[method.toLowerCase()]).map((method) => ({
    path: apiPath,
    method,
    operation: (item as Record<string, Record<string, unknown>>)[method.toLowerCase()]!,
  })),
);
const exact = routes.filter((route) => !route.catchAll);
const catchAlls = routes.filter((route) => route.catchAll);
/** `[...unknown]` at the top of app/api answers 404 for any other path: it is no operation. */
const FALLBACK = catchAlls.filter((route) => route.path === "/api");
const prefixed = catchAlls.filter((route) => route.path !== "/api");

describe("the OpenAPI document and the route files", () => {
  it("reads the route files (every method, its wrapper and its header)", () => {
    expect(routes.length).toBeGreaterThanOrEqual(38);
    const projects = routes.find((route) => route.dir === "projects")!;
    expect(projects.exports.map((e) => [e.method, e.wrapper])).toEqual([
      ["GET", "tokenRoute"],
      ["POST", "tokenRoute"],
    ]);
    expect(projects.exports[1]!.summary).toBe("create a project");
    expect(projects.exports[1]!.body).toEqual(["@/lib/api-schemas/projects", "createProjectBody"]);
    const auth = routes.find((route) => route.dir === "auth/[...all]")!;
    expect(auth.exports.map((e) => e.method)).toEqual(["GET", "POST"]);
    expect(FALLBACK.map((route) => route.dir)).toEqual(["[...unknown]"]);
  });

  it("has an operation for every exported method of every route file", () => {
    const missing = exact.flatMap((route) =>
      route.exports
        .filter((e) => !documented.some((d) => d.path === route.path && d.method === e.method))
        .map((e) => `${e.method} ${route.path}`),
    );
    const missingUnderCatchAll = prefixed.flatMap((route) =>
      route.exports
        .filter((e) => !documented.some((d) => d.path.startsWith(route.path + "/") && d.method === e.method))
        .map((e) => `${e.method} ${route.path}/*`),
    );
    expect([...missing, ...missingUnderCatchAll]).toEqual([]);
  });

  it("has no operation without a route file and method", () => {
    const orphans = documented.filter(({ path: apiPath, method }) => {
      const file = exact.find((route) => route.path === apiPath);
      if (file) return !file.exports.some((e) => e.method === method);
      const under = prefixed.find((route) => apiPath.startsWith(route.path + "/"));
      return !under?.exports.some((e) => e.method === method);
    });
    expect(orphans.map(({ method, path: apiPath }) => `${method} ${apiPath}`)).toEqual([]);
  });

  it("says what the fallback route answers", () => {
    expect(document.info.description).toContain("Any other `/api` path answers 401 without a session");
  });

  it("gives each operation its route's header comment as the summary", () => {
    const mismatched = exact.flatMap((route) =>
      route.exports
        .map((e) => ({ e, op: documented.find((d) => d.path === route.path && d.method === e.method) }))
        .filter(({ e, op }) => e.summary === null || op?.operation.summary !== e.summary)
        .map(({ e, op }) => ({
          route: `${e.method} ${route.path}`,
          comment: e.summary,
          summary: op?.operation.summary,
        })),
    );
    expect(mismatched).toEqual([]);
  });

  it("gives each operation the security of its handler's wrapper", () => {
    const expected = (wrapper: Wrapper) =>
      wrapper === "tokenRoute"
        ? [{ sessionCookie: [] }, { bearerToken: [] }]
        : wrapper === "authedRoute"
          ? [{ sessionCookie: [] }]
          : null;
    const wrong = [...exact, ...prefixed].flatMap((route) =>
      route.exports.flatMap((e) =>
        documented
          .filter(
            (d) =>
              d.method === e.method && (route.catchAll ? d.path.startsWith(route.path + "/") : d.path === route.path),
          )
          .filter((d) => {
            const want = expected(e.wrapper);
            const security = d.operation.security as Record<string, string[]>[];
            // A handler of its own (health, this document, better-auth's) never takes a token.
            return want ? JSON.stringify(security) !== JSON.stringify(want) : security.some((s) => "bearerToken" in s);
          })
          .map((d) => `${d.method} ${d.path}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("describes the very schema objects the handlers parse, and none they do not", async () => {
    const problems: string[] = [];
    for (const route of exact)
      for (const e of route.exports) {
        const operation = API_OPERATIONS.find((op) => op.path === route.path && op.method === e.method);
        if (!operation) continue; // a missing operation is the coverage test's failure
        for (const [kind, parsed, described] of [
          ["body", e.body, operation.body],
          ["query", e.query, operation.query],
        ] as const) {
          const where = `${kind} of ${e.method} ${route.path}`;
          if (!parsed) {
            if (described) problems.push(`${where}: described, but the handler parses none`);
            continue;
          }
          const [specifier, name] = parsed;
          if (!specifier.startsWith("@/")) {
            problems.push(`${where}: ${name} is not imported from a module the document can use`);
            continue;
          }
          const mod = (await import(/* @vite-ignore */ path.join(ROOT, `${specifier.slice(2)}.ts`))) as Record<
            string,
            unknown
          >;
          if (mod[name] !== described) problems.push(`${where}: the document does not use ${specifier} ${name}`);
        }
      }
    expect(problems).toEqual([]);
  });

  it("lists each operation once, with a unique operationId", () => {
    const keys = API_OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    const ids = documented.map((d) => d.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
