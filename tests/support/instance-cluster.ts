import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startAppServer, type AppServer } from "./app-server";
import { adminQuery, databaseUrl } from "./postgres-admin";
import { startStubModelServer, type StubModelServer } from "./stub-model-server";

// What the tests of several real server processes (tests/instances) share: one throwaway
// PostgreSQL database, left empty so the first instance to start applies the migrations, one
// data directory and one public origin for every instance, as behind a load balancer, and a
// scripted model. Set up before the file's own beforeAll, torn down (servers killed) after.

type Json = Record<string, any>;

export interface InstanceCluster {
  /** The environment every instance is started with. */
  readonly env: Record<string, string | undefined>;
  readonly dataDir: string;
  readonly stub: StubModelServer;
  /** Starts one more instance on `port`; it is killed after the file. */
  start(port: number, entry?: "next-start" | "serve"): Promise<AppServer>;
  /**
   * A request to one instance from the public origin, as the signed-up user once there is one.
   * `body` is sent as JSON (or as the form it is); without it, `init.body` goes as it is.
   */
  call(server: AppServer, method: string, pathname: string, body?: unknown, init?: RequestInit): Promise<Response>;
  /** Signs up through `server`; later calls carry the session. Returns the user's id. */
  signUp(server: AppServer, account: { email: string; password: string; name: string }): Promise<string>;
}

export function withInstanceCluster({
  name,
  basePort,
  leaseSeconds,
  env: extraEnv = {},
}: {
  /** Names the database and data directory (`workspace_<name>_…`). */
  name: string;
  /** The port of the public origin: the first instance listens on it. */
  basePort: number;
  leaseSeconds: number;
  /** More environment for every instance. */
  env?: Record<string, string>;
}): InstanceCluster {
  const databaseName = `workspace_${name}_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `workspace-${name}-`));
  const servers: AppServer[] = [];
  let stub: StubModelServer | undefined;
  let env: Record<string, string | undefined> | undefined;
  let cookie = "";

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE "${databaseName}"`);
    stub = await startStubModelServer({ nonStreamingTurn: { type: "text", text: "Title" } });
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl(databaseName),
      DATA_DIR: dataDir,
      // No BETTER_AUTH_SECRET: the instances share the one generated into the shared data directory.
      APP_URL: `http://127.0.0.1:${basePort}`,
      OPENAI_BASE_URL: stub.url,
      OPENAI_API_KEY: "test",
      OPENAI_MODEL: "stub",
      RUN_LEASE_SECONDS: String(leaseSeconds),
      ...extraEnv,
    };
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    await stub?.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the instance cluster is used before its beforeAll set it up");
    return value;
  };

  const cluster: InstanceCluster = {
    get env() {
      return ready(env);
    },
    dataDir,
    get stub() {
      return ready(stub);
    },
    async start(port, entry = "serve") {
      const server = await startAppServer({ port, env: ready(env), entry });
      servers.push(server);
      return server;
    },
    call(server, method, pathname, body, init = {}) {
      const headers = new Headers(init.headers);
      headers.set("origin", ready(env).APP_URL!);
      if (cookie) headers.set("cookie", cookie);
      if (body !== undefined && !(body instanceof FormData)) headers.set("content-type", "application/json");
      const payload = body === undefined ? init.body : body instanceof FormData ? body : JSON.stringify(body);
      return fetch(`${server.url}${pathname}`, { ...init, method, headers, body: payload });
    },
    async signUp(server, account) {
      const res = await cluster.call(server, "POST", "/api/auth/sign-up/email", account);
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return ((await res.json()) as Json).user.id as string;
    },
  };
  return cluster;
}

/** Polls `probe` until it gives a value, failing with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
