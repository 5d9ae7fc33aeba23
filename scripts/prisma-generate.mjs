#!/usr/bin/env node
// `prisma generate` offline. The CLI insists on locating its native schema engine before it
// generates, although generation never runs it; that binary cannot be downloaded here, so
// point the CLI at an existing file unless the caller already chose one.
import { spawnSync } from "node:child_process";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
