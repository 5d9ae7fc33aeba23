import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A comment that points a reader at documentation points at this repository's docs/, in one
// form: docs/<file>.md § "Heading", the heading one of that file's (any level from # to ####).
// Comments are read with TypeScript's own parser, so a `//` inside a string, a regex or a URL is
// never taken for one, and a citation wrapped over two comment lines still reads as one.

const ROOT = path.resolve(__dirname, "../../..");
const SOURCE_FOLDERS = ["lib", "app", "components", "scripts", "tests", "e2e"];
const SKIPPED = new Set(["lib/generated"]);
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".mts"];

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir === "." ? entry.name : `${dir}/${entry.name}`;
    if (SKIPPED.has(rel) || entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) {
      if (dir !== ".") found.push(...sourceFiles(rel));
    } else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext))) found.push(rel);
  }
  return found;
}

/** The headings of a Markdown text (outside code fences), as written and without backticks. */
export function markdownHeadings(markdown: string): Set<string> {
  const headings = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^#{1,4}\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) headings.add(match[1]).add(match[1].replaceAll("`", ""));
  }
  return headings;
}

interface Comment {
  /** The comment's words, markers and line breaks removed; consecutive `//` lines joined. */
  text: string;
  /** The 1-based line of each character of `text`. */
  lineAt: (offset: number) => number;
}

/** Every comment of a source file, each run of `//` lines on consecutive lines as one. */
export function comments(fileName: string, source: string): Comment[] {
  const kind = fileName.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : fileName.endsWith(".mjs")
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      for (const range of ts.getLeadingCommentRanges(source, node.pos) ?? []) ranges.set(range.pos, range);
      for (const range of ts.getTrailingCommentRanges(source, node.end) ?? []) ranges.set(range.pos, range);
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);

  const groups: ts.CommentRange[][] = [];
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const last = groups.at(-1)?.at(-1);
    const between = last ? source.slice(last.end, range.pos) : "";
    const joins =
      last?.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      range.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      /^[ \t]*\r?\n[ \t]*$/.test(between);
    if (joins) groups.at(-1)!.push(range);
    else groups.push([range]);
  }

  return groups.map((group) => {
    const pieces: { text: string; line: number }[] = [];
    for (const range of group) {
      const firstLine = file.getLineAndCharacterOfPosition(range.pos).line + 1;
      source
        .slice(range.pos, range.end)
        .split("\n")
        .forEach((line, index) => {
          const words = line
            .replace(/^\s*(\/\/+|\/\*+|\*+(?!\/))?/, "")
            .replace(/\*+\/\s*$/, "")
            .trim();
          if (words) pieces.push({ text: words, line: firstLine + index });
        });
    }
    const starts: number[] = [];
    let text = "";
    for (const piece of pieces) {
      if (text) text += " ";
      starts.push(text.length);
      text += piece.text;
    }
    const lineAt = (offset: number) => {
      let index = 0;
      while (index + 1 < starts.length && starts[index + 1] <= offset) index++;
      return pieces[index]?.line ?? 1;
    };
    return { text, lineAt };
  });
}

const DOCS_DIR = path.join(ROOT, "docs");
const DOC_NAMES = readdirSync(DOCS_DIR).filter((name) => name.endsWith(".md"));
const headingsOf = new Map(
  DOC_NAMES.map((name) => [name, markdownHeadings(readFileSync(path.join(DOCS_DIR, name), "utf8"))]),
);

const CITATION = /docs\/([\w.-]+?)\.md(?:\s*§\s*"([^"]*)")?/g;
// A document's name without its docs/ folder: the product's own spec names, or a docs file's.
const BARE_NAME = new RegExp(
  String.raw`(?<![\w/.-])(?:api|design|conventions|toolchain|${DOC_NAMES.map((name) => name.slice(0, -3)).join("|")})\.md\b`,
  "g",
);
const SPEC_CITATION = /\bdesign:\s*["A-Z]|\bdesign\s+"[A-Z]/g;
const OUTSIDE = /\.\.\/shared\b/g;

/** What is wrong with one file's citations, as `file:line: why`. */
export function citationProblems(fileName: string, source: string): string[] {
  const problems: string[] = [];
  for (const { text, lineAt } of comments(fileName, source)) {
    const report = (offset: number, why: string) => problems.push(`${fileName}:${lineAt(offset)}: ${why}`);
    for (const match of text.matchAll(CITATION)) {
      const [cited, name, heading] = match;
      const file = `${name}.md`;
      if (!headingsOf.has(file)) report(match.index, `${cited}: docs/${file} does not exist`);
      else if (heading === undefined) report(match.index, `docs/${file} cited without § "Heading"`);
      else if (!headingsOf.get(file)!.has(heading.trim()))
        report(match.index, `docs/${file} has no heading "${heading}"`);
    }
    for (const match of text.matchAll(BARE_NAME))
      report(match.index, `"${match[0]}" is not a path: cite docs/<file>.md § "Heading" of this repository`);
    for (const match of text.matchAll(SPEC_CITATION))
      report(match.index, `"${match[0]}…" cites the product spec: cite docs/<file>.md § "Heading" instead`);
    for (const match of text.matchAll(OUTSIDE)) report(match.index, `"${match[0]}" is outside this repository`);
  }
  return problems;
}

describe("citations in comments", () => {
  const files = SOURCE_FOLDERS.flatMap(sourceFiles).concat(sourceFiles("."));

  it("name an existing docs file and one of its headings", () => {
    const problems = files.flatMap((file) => citationProblems(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(problems).toEqual([]);
  });

  it("are found where the code has them (the reader is not blind)", () => {
    const cited = files.filter((file) =>
      comments(file, readFileSync(path.join(ROOT, file), "utf8")).some((comment) =>
        /docs\/\w+\.md §/.test(comment.text),
      ),
    );
    expect(cited).toContain("lib/context/build-model-request.ts");
    expect(cited.length).toBeGreaterThan(50);
  });

  it("reports each kind of wrong citation by file and line", () => {
    const source = [
      'const url = "http://x/design: \\"Images\\"";',
      '// Request assembly (docs/architecture.md § "The path of a run", step 5).',
      '// Long lines (docs/architecture.md § "The path',
      '// of a run").',
      "/**",
      ' * Gone (docs/api.md § "Paging"); no heading (docs/operations.md § "Nowhere");',
      " * none at all (docs/operations.md).",
      " */",
      'const a = 1; // spec (design: "Images"), the contract (api.md "Trash"), ../shared/docs',
      "<div>{/* jsx (design: Storage) */}</div>;",
    ].join("\n");
    expect(citationProblems("x.tsx", source)).toEqual([
      'x.tsx:6: docs/api.md § "Paging": docs/api.md does not exist',
      'x.tsx:6: docs/operations.md has no heading "Nowhere"',
      'x.tsx:7: docs/operations.md cited without § "Heading"',
      'x.tsx:9: "api.md" is not a path: cite docs/<file>.md § "Heading" of this repository',
      'x.tsx:9: "design: "…" cites the product spec: cite docs/<file>.md § "Heading" instead',
      'x.tsx:9: "../shared" is outside this repository',
      'x.tsx:10: "design: S…" cites the product spec: cite docs/<file>.md § "Heading" instead',
    ]);
  });

  it("reads every heading level the docs use", () => {
    expect(existsSync(path.join(DOCS_DIR, "architecture.md"))).toBe(true);
    expect(headingsOf.get("architecture.md")).toContain("The path of a run");
    expect(headingsOf.get("architecture.md")).toContain("Shelf folders and chat scope");
    expect(headingsOf.get("benchmarks.md")).toContain("upload");
  });
});
