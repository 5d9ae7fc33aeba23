import type { Run } from "@/lib/generated/prisma/client";

// A run as the API shows it (docs/architecture.md § "HTTP surface"). The owning instance and its
// lease only mean something while the run is running.

export interface RunDto {
  id: string;
  status: Run["status"];
  /** The model that answered ("<endpoint>:<model>"); null for runs from before models were chosen. */
  modelId: string | null;
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
    modelId: run.modelId,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    error: run.error,
    instanceId: running ? run.instanceId : null,
    leaseExpiresAt: running ? (run.leaseExpiresAt?.toISOString() ?? null) : null,
  };
}
