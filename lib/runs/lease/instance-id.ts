import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

// This server process as the runs it streams name it (run.instanceId). Random per start, so
// a restarted process never mistakes a run of its previous life for its own. On globalThis
// because Next bundles route handlers and server actions separately.

const holder = globalThis as typeof globalThis & { __workspaceInstanceId?: string };

export function instanceId(): string {
  holder.__workspaceInstanceId ??= `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  return holder.__workspaceInstanceId;
}
