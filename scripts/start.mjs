#!/usr/bin/env node
// npm start: generate the Prisma client if missing, build if the sources changed since the last
// build, then serve on PORT (default 3000). Migrations are applied by the server as it starts.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules" || child === "generated") continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

if (!existsSync("lib/generated/prisma/client.ts")) run("node", ["scripts/prisma-generate.mjs"]);

const buildId = ".next/BUILD_ID";
const sources = [
  "app",
  "components",
  "lib",
  "public",
  "prisma/schema.prisma",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
];
const sourcesChanged = !existsSync(buildId) || sources.some((entry) => newestMtime(entry) > statSync(buildId).mtimeMs);
if (sourcesChanged) run("npx", ["--no-install", "next", "build"]);

const port = process.env.PORT || "3000";
process.env.PORT = port;
process.env.NODE_ENV = "production";
run("node", ["scripts/serve.mjs"]);
