import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// One real server process from the production build, for tests that need several: by default
// served as `npm start` serves it (scripts/serve.mjs: Next behind a Node server that tells the
// app the client's address, so per-address limits key on it, checks raw paths and stops
// gracefully), or bare `next start`. It runs in its own process group so that stopping it by
// its pid also stops anything it started; output is kept for the failure message.

export interface AppServer {
  pid: number;
  url: string;
  /** Everything the server printed so far (for diagnosing a failure). */
  output(): string;
  /** Sends the signal to the server's process group and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** The exit code once it has exited (null while running, or when ended by a signal). */
  exitCode(): number | null;
}

const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
const SERVE = path.join(process.cwd(), "scripts", "serve.mjs");
const READY_TIMEOUT_MS = 90_000;

export async function startAppServer({
  port,
  env,
  entry = "serve",
}: {
  port: number;
  env: Record<string, string | undefined>;
  entry?: "next-start" | "serve";
}): Promise<AppServer> {
  const args = entry === "serve" ? [SERVE] : [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { NODE_ENV: "production", ...env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (data: Buffer) => (output += data.toString()));
  child.stderr!.on("data", (data: Buffer) => (output += data.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const server: AppServer = {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exitCode: () => child.exitCode,
    async stop(signal = "SIGTERM") {
      if (hasExited) return;
      try {
        process.kill(-child.pid!, signal);
      } catch {
        return; // already gone
      }
      await exited;
    },
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (hasExited) throw new Error(`the server on port ${port} exited during start-up:\n${output}`);
    const healthy = await fetch(`${server.url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      await server.stop("SIGKILL");
      throw new Error(`the server on port ${port} did not become healthy within ${READY_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
