#!/usr/bin/env node
// Serves the production build for Playwright on E2E_PORT with a fresh embedded database, and
// the scripted OpenAI-compatible stub model on STUB_MODEL_PORT that the app is pointed at, so
// the real provider code runs over HTTP. A second stub on STUB_MODEL_PORT_2 (default: the next
// port) is the extra endpoint "local" with two models of its own. Tests script both at /__script.
// A third endpoint, "offline", points where nothing listens (port 1): the picker shows it unreachable.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3100";
const stubPort = process.env.STUB_MODEL_PORT ?? "4010";
const localStubPort = process.env.STUB_MODEL_PORT_2 ?? String(Number(stubPort) + 1);
// playwright.config.ts passes E2E_DATA_DIR so tests can reach stored files (e.g. remove one).
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), "workspace-e2e-"));

const stub = spawn("node", ["--import", "tsx", "tests/support/stub-model-server.ts", "--port", stubPort], {
  stdio: "inherit",
});
const localStub = spawn(
  "node",
  [
    "--import",
    "tsx",
    "tests/support/stub-model-server.ts",
    "--port",
    localStubPort,
    "--models",
    "llama3.1:8b,qwen2.5:7b",
  ],
  {
    stdio: "inherit",
  },
);

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: port,
  DATA_DIR: dataDir,
  OPENAI_BASE_URL: `http://127.0.0.1:${stubPort}/v1`,
  OPENAI_API_KEY: "e2e",
  OPENAI_MODEL: "stub",
  // e2e/mcp.spec.ts starts a real MCP server on loopback, which the address policy refuses unless named.
  MCP_ALLOWED_HOSTS: "127.0.0.1",
  MODEL_ENDPOINTS: JSON.stringify([
    { name: "local", baseURL: `http://127.0.0.1:${localStubPort}/v1`, apiKey: "e2e-local" },
    { name: "offline", baseURL: "http://127.0.0.1:1/v1" },
  ]),
};
delete env.DATABASE_URL;
delete env.APP_URL;
const server = spawn("node", ["scripts/serve.mjs"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });

function stopAll(signal) {
  server.kill(signal);
  stub.kill(signal);
  localStub.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));
server.on("exit", (code) => {
  stub.kill("SIGTERM");
  localStub.kill("SIGTERM");
  process.exit(code ?? 0);
});
for (const child of [stub, localStub]) {
  child.on("exit", (code) => {
    if (code) {
      console.error(`stub model server exited with ${code}`);
      server.kill("SIGTERM");
    }
  });
}
