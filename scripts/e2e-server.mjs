#!/usr/bin/env node
// Serves the production build for Playwright on E2E_PORT with a fresh embedded database.
// Also the place that starts the stub model server once the chat runtime exists.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "workspace-e2e-"));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: port, DATA_DIR: dataDir };
delete env.DATABASE_URL;
delete env.APP_URL;
const server = spawn("npx", ["--no-install", "next", "start", "-p", port], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
