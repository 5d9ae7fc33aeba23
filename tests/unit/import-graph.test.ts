import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layering docs/architecture.md § "Layers and boundaries" describes, checked on the source
// itself so it stays true: requests flow app → components → lib, never back up; inside lib, folders
// form the declared order below (LIB_ORDER), each importing only folders of earlier tiers; the disk
// and the database sit near the bottom and know no domain; no module and no folder takes part in an
// import circle.
// A regex reader is enough here: the code base writes its imports one way (`import … from "x"`,
// `export … from "x"`, `import("x")`), and a missed import would only make this test lenient,
// never wrongly red.

const ROOT = path.resolve(__dirname, "../..");

/**
 * The lib folders from low to high. A folder imports only folders of earlier tiers (and its own
 * files); folders of one tier know nothing of each other. `lib/errors` is the file lib/errors.ts.
 */
export const LIB_ORDER: readonly (readonly string[])[] = [
  // Leaves: the error table, pure text helpers (the slicer among them), the generated Prisma
  // client, locales, the event-loop watcher.
  ["errors", "text", "generated", "i18n", "health"],
  // Pure helpers over names and bytes; the environment, parsed (CIDR ranges and model endpoints included).
  ["files", "config"],
  // Plumbing that knows no domain: HTTP requests and responses, the database, the disk,
  // conversion, image preparation.
  ["http", "db", "storage", "conversion", "images"],
  // Domains that need no other domain.
  ["projects", "models", "rate-limit"],
  ["threads"],
  ["thread-files"],
  // The shelf's folder tree and a chat's scope of it (the predicate the shelf's readers apply).
  ["folders"],
  // Passage search: analysis, the passage index, ranking by words and vectors, fusion.
  ["search"],
  ["documents", "thread-messages"],
  // The model's context, rendered, fitted and summarised (pure).
  ["context"],
  // A project's memory: its notes and the memory a run pins (rendered by context).
  ["notes"],
  // The trash, of documents and of notes: listing, restore, purge, empty, retention, the sweep.
  // A person's MCP servers: connections, OAuth, the address policy, the tools a run offers
  // from them and the approval of calls (export names the connections, runs offer the tools).
  ["trash", "mcp"],
  // Whole-account export and import; the tools a run offers the model; fork, merge and
  // transfer between projects (they need the shelf, its trash, memory and chats).
  ["portable", "tools", "reshape"],
  // A run: admission, its life, its streams, cancel, leases and the context preview.
  ["runs"],
  // Who is asking: sessions (a new account's first project is created here), then API tokens.
  ["auth"],
  ["tokens"],
  // The API's edge: route and server-action wrappers (session or token → handler → error
  // response), the request schemas the route handlers parse, and the browser's API client.
  ["endpoints", "api-schemas", "client"],
  // The OpenAPI document, generated from the wrappers' policies and the handlers' own schemas.
  ["openapi"],
];
const SOURCE_FOLDERS = ["app", "components", "lib"];
const SKIPPED = new Set(["lib/generated"]);
const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (SKIPPED.has(rel)) continue;
    if (entry.isDirectory()) found.push(...sourceFiles(rel));
    else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".d.ts")) found.push(rel);
  }
  return found;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The specifiers a module imports (type-only imports included: they still couple modules). */
function importSpecifiers(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...withoutComments.matchAll(IMPORT)].map((match) => match[1] ?? match[2]);
}

/** The repository-relative file a specifier names, or null for a package or a non-source file. */
function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ]) {
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

function buildGraph(): Map<string, { specifiers: string[]; imports: string[] }> {
  const graph = new Map<string, { specifiers: string[]; imports: string[] }>();
  for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
    const specifiers = importSpecifiers(readFileSync(path.join(ROOT, file), "utf8"));
    const imports = specifiers
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, { specifiers, imports });
  }
  return graph;
}

/** Strongly connected components with more than one module (or a module importing itself). */
function cycles(graph: Map<string, { imports: string[] }>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.imports ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.imports.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** `lib/storage/layout.ts` → `lib/storage`; `app/…` → `app`; `lib/errors.ts` → `lib/errors`. */
function areaOf(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split("/");
  return parts[0] === "lib" ? `lib/${parts[1]}` : parts[0];
}

/** `lib/runs/stream/x.ts` → `lib/runs/stream`; `lib/errors.ts` → `lib`. */
function folderOf(file: string): string {
  return path.posix.dirname(file);
}

/** Strongly connected components of the graph the edges give when each file is its `group`. */
function groupCycles(fileEdges: { from: string; to: string }[], group: (file: string) => string): string[][] {
  const grouped = new Map<string, { imports: string[] }>();
  for (const { from, to } of fileEdges) {
    const [a, b] = [group(from), group(to)];
    if (!grouped.has(a)) grouped.set(a, { imports: [] });
    if (!grouped.has(b)) grouped.set(b, { imports: [] });
    if (a !== b && !grouped.get(a)!.imports.includes(b)) grouped.get(a)!.imports.push(b);
  }
  return cycles(grouped);
}

const tierOf = new Map<string, number>(
  LIB_ORDER.flatMap((tier, index) => tier.map((folder) => [`lib/${folder}`, index] as const)),
);

/** The imports between lib folders that the declared order forbids, as `from → to` lines. */
function againstTheOrder(fileEdges: { from: string; to: string }[]): string[] {
  return fileEdges
    .filter(({ from, to }) => from.startsWith("lib/") && to.startsWith("lib/") && areaOf(from) !== areaOf(to))
    .filter(({ from, to }) => {
      const [a, b] = [tierOf.get(areaOf(from)), tierOf.get(areaOf(to))];
      return a === undefined || b === undefined || b >= a;
    })
    .map(({ from, to }) => `${areaOf(from)} → ${areaOf(to)}: ${from} imports ${to}`);
}

const graph = buildGraph();
const edges = [...graph].flatMap(([from, { imports }]) => imports.map((to) => ({ from, to })));

describe("import graph", () => {
  it("reads the imports this code base writes", () => {
    const sample = [
      'import { a } from "@/lib/a";',
      'import type { B } from "./b";',
      'export { c } from "../c";',
      'import "server-only";',
      'const d = await import("@/lib/d");',
      'import {\n  e,\n  type F,\n} from "@/lib/e";',
      '// import { commented } from "nope";',
    ].join("\n");
    expect(importSpecifiers(sample)).toEqual(["@/lib/a", "./b", "../c", "server-only", "@/lib/d", "@/lib/e"]);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("lib/storage/layout.ts")?.imports).toContain("lib/errors.ts");
  });

  it("has no import circle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has no circle between lib folders, at any depth", () => {
    const libEdges = edges.filter(({ from, to }) => from.startsWith("lib/") && to.startsWith("lib/"));
    expect(groupCycles(libEdges, areaOf)).toEqual([]);
    expect(groupCycles(libEdges, folderOf)).toEqual([]);
  });

  it("declares every lib folder once in the order", () => {
    const declared = LIB_ORDER.flat();
    expect(new Set(declared).size).toBe(declared.length);
    const present = readdirSync(path.join(ROOT, "lib"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .concat(existsSync(path.join(ROOT, "lib/errors.ts")) ? ["errors"] : []);
    expect(present.filter((folder) => !declared.includes(folder))).toEqual([]);
    expect(declared.filter((folder) => !present.includes(folder))).toEqual([]);
  });

  it("imports between lib folders only from earlier tiers of the order", () => {
    expect(againstTheOrder(edges)).toEqual([]);
  });

  it("tells a folder circle and an arrow against the order apart from a clean graph", () => {
    const clean = [{ from: "lib/runs/start-run.ts", to: "lib/context/pinned-context.ts" }];
    expect(againstTheOrder(clean)).toEqual([]);
    expect(groupCycles(clean, areaOf)).toEqual([]);
    const upwards = [...clean, { from: "lib/context/pinned-context.ts", to: "lib/runs/start-run.ts" }];
    expect(againstTheOrder(upwards)).toEqual([
      "lib/context → lib/runs: lib/context/pinned-context.ts imports lib/runs/start-run.ts",
    ]);
    expect(groupCycles(upwards, areaOf)).toEqual([["lib/context", "lib/runs"]]);
    const sideways = [{ from: "lib/documents/a.ts", to: "lib/thread-messages/b.ts" }];
    expect(againstTheOrder(sideways)).toHaveLength(1);
  });

  it("never imports upwards: lib knows neither app nor components, components never app", () => {
    const upwards = edges.filter(
      ({ from, to }) =>
        (from.startsWith("lib/") && !to.startsWith("lib/")) ||
        (from.startsWith("components/") && to.startsWith("app/")),
    );
    expect(upwards).toEqual([]);
  });

  it("keeps the disk and the database below every domain folder", () => {
    // What lib/storage and lib/db may build on: each other's own folder, and the leaf modules.
    const below = new Set(["lib/errors", "lib/config", "lib/generated", "lib/text", "lib/files"]);
    const violations = edges.filter(({ from, to }) => {
      const area = areaOf(from);
      if (area !== "lib/storage" && area !== "lib/db") return false;
      return areaOf(to) !== area && !below.has(areaOf(to));
    });
    expect(violations).toEqual([]);
  });

  it("keeps the error table a leaf: it imports nothing of the app", () => {
    expect(graph.get("lib/errors.ts")?.imports).toEqual([]);
  });

  it("touches the disk only in lib/storage and lib/db", () => {
    const allowed = (file: string) => file.startsWith("lib/storage/") || file.startsWith("lib/db/");
    const fsUsers = [...graph].filter(
      ([file, { specifiers }]) =>
        !allowed(file) &&
        specifiers.some((s) => s === "node:fs" || s === "node:fs/promises" || s === "fs" || s === "fs/promises"),
    );
    expect(fsUsers.map(([file]) => file)).toEqual([]);
  });

  it("marks every module holding the database client, the session, the secret or the disk server-only", () => {
    const holders = [...graph.keys()].filter(
      (file) =>
        file.startsWith("lib/storage/") ||
        ["lib/db/client.ts", "lib/auth/session.ts", "lib/auth/auth.ts"].includes(file),
    );
    const unmarked = holders.filter((file) => !graph.get(file)!.specifiers.includes("server-only"));
    expect(unmarked).toEqual([]);
  });
});
