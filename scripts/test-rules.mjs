#!/usr/bin/env node
// npm run test:rules – proves that every design rule is guarded by a test that fails when the
// rule is broken. For each tests/rules/rule-*.patch (header: Rule, Title, Test lines; see
// tests/rules/README.md) it applies the patch to a scratch git worktree of HEAD under the
// system temp folder, runs only the named tests there, and counts the rule as guarded when a
// named test fails by assertion. A patch that no longer applies, or that fails a test file by
// not loading (a compile or import error), proves nothing and counts as not guarded. The
// named tests are first run once unpatched: a guard that fails anyway guards nothing.
//
//   npm run test:rules                 every rule
//   npm run test:rules -- 3 6          only these rules
//
// Commits only: uncommitted changes are not in the scratch copy.

import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const repo = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const rulesDir = path.join(repo, "tests", "rules");
const only = new Set(process.argv.slice(2).map(Number).filter(Number.isInteger));

/** @typedef {{ project: string, file: string, name: string }} NamedTest */
/** @typedef {{ file: string, rule: number, title: string, breaks: string, tests: NamedTest[] }} RulePatch */

/** @returns {RulePatch} */
function readPatch(file) {
  const text = readFileSync(path.join(rulesDir, file), "utf8");
  const header = text.slice(0, text.indexOf("diff --git")).split("\n");
  const field = (name) =>
    header.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trim());
  const tests = field("Test").map((spec) => {
    const match = /^(\S+)\s+(\S+)\s+::\s+(.+)$/.exec(spec);
    if (!match) throw new Error(`${file}: a Test line is "<vitest project> <file> :: <test name>", got "${spec}"`);
    return { project: match[1], file: match[2], name: match[3] };
  });
  const [rule] = field("Rule");
  const [title] = field("Title");
  if (!rule || !title || tests.length === 0) throw new Error(`${file}: needs Rule, Title and at least one Test line`);
  return { file, rule: Number(rule), title, breaks: field("Breaks")[0] ?? "", tests };
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Runs the named tests of one vitest project in `cwd`; returns per-test outcomes and the
 * files that failed to load. Vitest's JSON report tells an assertion failure (a test with
 * status "failed") from a file that never ran its tests (suite failed, no test results).
 */
function runTests(cwd, project, tests) {
  const files = [...new Set(tests.map((t) => t.file))];
  const pattern = tests.map((t) => escapeRegExp(t.name)).join("|");
  const report = path.join(cwd, `.rules-report-${process.pid}.json`);
  rmSync(report, { force: true });
  const run = spawnSync(
    "npx",
    [
      "--no-install",
      "vitest",
      "run",
      "--project",
      project,
      ...files,
      "-t",
      pattern,
      "--reporter=json",
      `--outputFile=${report}`,
    ],
    {
      cwd,
      encoding: "utf8",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (!existsSync(report)) return { outcomes: new Map(), unloaded: files, output: run.stdout + run.stderr };
  const json = JSON.parse(readFileSync(report, "utf8"));
  rmSync(report, { force: true });
  // Per named test: "failed" if any matching test case failed, "passed" if all that ran passed.
  const outcomes = new Map();
  const unloaded = [];
  for (const suite of json.testResults) {
    const rel = path.relative(cwd, suite.name);
    const ran = suite.assertionResults.filter((a) => a.status === "passed" || a.status === "failed");
    if (suite.status === "failed" && ran.length === 0)
      unloaded.push(`${rel}: ${(suite.message || "failed to load").split("\n")[0]}`);
    for (const a of ran) {
      const fullName = [...a.ancestorTitles, a.title].join(" ");
      for (const t of tests) {
        if (t.file !== rel || !fullName.includes(t.name)) continue;
        const key = `${t.file}::${t.name}`;
        if (a.status === "failed" || !outcomes.has(key)) outcomes.set(key, a.status);
      }
    }
  }
  return { outcomes, unloaded, output: run.stdout + run.stderr };
}

function git(cwd, ...args) {
  return spawnSync("git", args, { cwd, encoding: "utf8" });
}

const patches = readdirSync(rulesDir)
  .filter((f) => /^rule-\d+[a-z]?-.+\.patch$/.test(f))
  .sort()
  .map(readPatch)
  .filter((p) => only.size === 0 || only.has(p.rule));
if (patches.length === 0) {
  console.error("No rule patches selected.");
  process.exit(1);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), "rules-"));
const tree = path.join(scratch, "repo");
execFileSync("git", ["worktree", "add", "--detach", tree, "HEAD"], { cwd: repo, stdio: "ignore" });
let exitCode = 0;
try {
  // What git does not track but the tests need: dependencies (shared) and the generated client.
  symlinkSync(path.join(repo, "node_modules"), path.join(tree, "node_modules"), "dir");
  cpSync(path.join(repo, "lib", "generated"), path.join(tree, "lib", "generated"), { recursive: true });

  // Baseline: every named test must pass on the unpatched tree.
  const byProject = new Map();
  for (const p of patches) for (const t of p.tests) byProject.set(t.project, [...(byProject.get(t.project) ?? []), t]);
  const baselineFailures = new Set();
  for (const [project, tests] of byProject) {
    const unique = [...new Map(tests.map((t) => [`${t.file}::${t.name}`, t])).values()];
    const { outcomes, unloaded } = runTests(tree, project, unique);
    for (const t of unique)
      if (outcomes.get(`${t.file}::${t.name}`) !== "passed") baselineFailures.add(`${t.file}::${t.name}`);
    for (const u of unloaded) console.error(`baseline: ${u}`);
  }

  /** @type {Map<number, { title: string, guardedBy: string[], problems: string[] }>} */
  const rules = new Map();
  for (const p of patches) {
    const entry = rules.get(p.rule) ?? { title: p.title, guardedBy: [], problems: [] };
    rules.set(p.rule, entry);
    const label = p.file.replace(/\.patch$/, "");
    const broken = p.tests.filter((t) => baselineFailures.has(`${t.file}::${t.name}`));
    if (broken.length) {
      entry.problems.push(`${label}: named test does not pass unpatched (${broken.map((t) => t.name).join("; ")})`);
      continue;
    }
    const applied = git(tree, "apply", "--whitespace=nowarn", path.join(rulesDir, p.file));
    if (applied.status !== 0) {
      entry.problems.push(`${label}: patch does not apply to HEAD (${applied.stderr.trim().split("\n")[0]})`);
      continue;
    }
    try {
      const byProjectOfPatch = new Map();
      for (const t of p.tests) byProjectOfPatch.set(t.project, [...(byProjectOfPatch.get(t.project) ?? []), t]);
      const caught = [];
      const unloaded = [];
      for (const [project, tests] of byProjectOfPatch) {
        const result = runTests(tree, project, tests);
        unloaded.push(...result.unloaded);
        for (const t of tests)
          if (result.outcomes.get(`${t.file}::${t.name}`) === "failed") caught.push(`${t.file} › ${t.name}`);
      }
      if (unloaded.length)
        entry.problems.push(`${label}: a test file did not load, which proves nothing (${unloaded.join("; ")})`);
      else if (caught.length === 0) entry.problems.push(`${label}: no named test failed`);
      else entry.guardedBy.push(...caught);
    } finally {
      git(tree, "apply", "-R", "--whitespace=nowarn", path.join(rulesDir, p.file));
      git(tree, "checkout", "--", ".");
    }
  }

  let passed = 0;
  let failed = 0;
  for (const [rule, entry] of [...rules].sort((a, b) => a[0] - b[0])) {
    if (entry.problems.length === 0 && entry.guardedBy.length > 0) {
      passed++;
      console.log(`rule ${rule} ${entry.title}: guarded by ${[...new Set(entry.guardedBy)].join(", ")}`);
    } else {
      failed++;
      console.log(`rule ${rule}: NOT GUARDED (${entry.title})`);
      for (const problem of entry.problems) console.log(`    ${problem}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) exitCode = 1;
} finally {
  execFileSync("git", ["worktree", "remove", "--force", tree], { cwd: repo, stdio: "ignore" });
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);
