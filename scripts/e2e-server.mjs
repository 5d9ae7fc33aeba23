#!/usr/bin/env node
// Serves the production build for Playwright on E2E_PORT with a fresh embedded database, and
// the scripted OpenAI-compatible stub model on STUB_MODEL_PORT that the app is pointed at, so
// the real provider code runs over HTTP. Tests script the stub at /__script.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3100";
const stubPort = process.env.STUB_MODEL_PORT ?? "4010";
// playwright.config.ts passes E2E_DATA_DIR so tests can reach stored files (e.g. remove one).
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), "workspace-e2e-"));

const stub = spawn("node", ["--import", "tsx", "tests/support/stub-model-server.ts", "--port", stubPort], { stdio: "inherit" });

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: port,
  DATA_DIR: dataDir,
  OPENAI_BASE_URL: `http://127.0.0.1:${stubPort}/v1`,
  OPENAI_API_KEY: "e2e",
  OPENAI_MODEL: "stub",
};
delete env.DATABASE_URL;
delete env.APP_URL;
const server = spawn("node", ["scripts/serve.mjs"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });

function stopAll(signal) {
  server.kill(signal);
  stub.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));
server.on("exit", (code) => {
  stub.kill("SIGTERM");
  process.exit(code ?? 0);
});
stub.on("exit", (code) => {
  if (code) {
    console.error(`stub model server exited with ${code}`);
    server.kill("SIGTERM");
  }
});
