import type { Run } from "@/lib/generated/prisma/client";

// A run as the API shows it (api.md: runs; "Runs across instances"). The owning instance and
// its lease only mean something while the run is running.

export interface RunDto {
  id: string;
  status: Run["status"];
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  instanceId: string | null;
  leaseExpiresAt: string | null;
}

export function toRunDto(run: Run): RunDto {
  const running = run.status === "running";
  return {
    id: run.id,
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    error: run.error,
    instanceId: running ? run.instanceId : null,
    leaseExpiresAt: running ? (run.leaseExpiresAt?.toISOString() ?? null) : null,
  };
}
