import { getDb } from "@/lib/db/client";

// What one instance learned about a model's vision, for every instance on the database
// (vision-support.ts keeps the same in process): a refusal of images costs one retried call
// in the whole deployment, not one per instance. Rows count for LEARNED_FOR_MS, an endpoint
// listing's life: a model upgraded in place is asked again within minutes, as for tools.

const LEARNED_FOR_MS = 5 * 60_000;

/** What instances learned lately, by endpoint and model name (visionKey). */
export type SharedVision = ReadonlyMap<string, boolean>;

export function visionKey(endpoint: string, model: string): string {
  return `${endpoint}\n${model}`;
}

export async function readSharedVision(): Promise<SharedVision> {
  const db = await getDb();
  const rows = await db.modelCapability.findMany({
    where: { learnedAt: { gt: new Date(Date.now() - LEARNED_FOR_MS) } },
    select: { endpoint: true, model: true, vision: true },
  });
  return new Map(rows.map((row) => [visionKey(row.endpoint, row.model), row.vision]));
}

export async function shareVision({
  endpoint,
  model,
  vision,
}: {
  endpoint: string;
  model: string;
  vision: boolean;
}): Promise<void> {
  const db = await getDb();
  const learnedAt = new Date();
  await db.modelCapability.upsert({
    where: { endpoint_model: { endpoint, model } },
    create: { endpoint, model, vision, learnedAt },
    update: { vision, learnedAt },
  });
}
