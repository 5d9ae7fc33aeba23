import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layering the README's "Architecture" section describes, checked on the source itself so
// it stays true: requests flow app → components → lib, never back up; the disk and the
// database sit at the bottom and know no domain; no module takes part in an import circle.
// A regex reader is enough here: the code base writes its imports one way (`import … from "x"`,
// `export … from "x"`, `import("x")`), and a missed import would only make this test lenient,
// never wrongly red.

const ROOT = path.resolve(__dirname, "../..");
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

  it("touches the disk only in lib/storage, lib/db and the auth secret file", () => {
    const allowed = (file: string) =>
      file.startsWith("lib/storage/") || file.startsWith("lib/db/") || file === "lib/auth/secret.ts";
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
        ["lib/db/client.ts", "lib/auth/session.ts", "lib/auth/auth.ts", "lib/auth/secret.ts"].includes(file),
    );
    const unmarked = holders.filter((file) => !graph.get(file)!.specifiers.includes("server-only"));
    expect(unmarked).toEqual([]);
  });
});
