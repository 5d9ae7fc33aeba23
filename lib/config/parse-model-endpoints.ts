import { z } from "zod";

// MODEL_ENDPOINTS: extra OpenAI-compatible endpoints next to the default one (OPENAI_*).
// Like every setting, a bad value never stops the server: invalid JSON is ignored whole, an
// invalid entry is ignored alone, and each is logged with the reason.

export const DEFAULT_ENDPOINT = "default";

export interface EndpointModel {
  name: string;
  contextTokens: number | null;
  /** Whether the model takes images; null: the endpoint's setting (or unknown). */
  vision: boolean | null;
}

export interface ModelEndpoint {
  name: string;
  /** null: OpenAI's own API (the default endpoint without OPENAI_BASE_URL). */
  baseURL: string | null;
  apiKey: string | null;
  /** Models listed in the configuration; null: read from the endpoint's `GET /models`. */
  models: EndpointModel[] | null;
  contextTokens: number | null;
  /** Whether its models take images (a model's own `vision` wins); null: unknown, learned by runs. */
  vision: boolean | null;
}

const contextTokens = z.number().int().min(256).max(100_000_000);
// A model id is "<endpoint>:<model>", split at the first colon, so the endpoint's name has
// none while a model's name may (Ollama's "llama3.1:8b").
const endpointName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/, "letters, digits, '.', '_' or '-', at most 40");
const modelName = z.string().trim().min(1).max(200);

const entrySchema = z.object({
  name: endpointName,
  baseURL: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().min(1).optional(),
  models: z
    .array(
      z.union([
        modelName,
        z.object({ name: modelName, contextTokens: contextTokens.optional(), vision: z.boolean().optional() }),
      ]),
    )
    .min(1)
    .optional(),
  contextTokens: contextTokens.optional(),
  vision: z.boolean().optional(),
});

export function parseModelEndpoints(raw: string | undefined, warn: (message: string) => void): ModelEndpoint[] {
  if (raw === undefined || raw.trim() === "") return [];
  let entries: unknown;
  try {
    entries = JSON.parse(raw);
  } catch {
    warn("[config] MODEL_ENDPOINTS is not valid JSON; no extra endpoints are used");
    return [];
  }
  if (!Array.isArray(entries)) {
    warn("[config] MODEL_ENDPOINTS must be a JSON array of endpoints; no extra endpoints are used");
    return [];
  }
  const endpoints: ModelEndpoint[] = [];
  const taken = new Set([DEFAULT_ENDPOINT]);
  entries.forEach((entry, index) => {
    const parsed = entrySchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      warn(
        `[config] MODEL_ENDPOINTS[${index}] is ignored: ${issue?.path.join(".") || "entry"} ${issue?.message ?? "is invalid"}`,
      );
      return;
    }
    const { name, baseURL, apiKey, models } = parsed.data;
    if (taken.has(name)) {
      warn(`[config] MODEL_ENDPOINTS[${index}] is ignored: the name "${name}" is already taken`);
      return;
    }
    taken.add(name);
    endpoints.push({
      name,
      baseURL: baseURL.replace(/\/+$/, ""),
      apiKey: apiKey ?? null,
      models: models ? uniqueModels(models) : null,
      contextTokens: parsed.data.contextTokens ?? null,
      vision: parsed.data.vision ?? null,
    });
  });
  return endpoints;
}

function uniqueModels(
  models: (string | { name: string; contextTokens?: number; vision?: boolean })[],
): EndpointModel[] {
  const byName = new Map<string, EndpointModel>();
  for (const model of models) {
    const entry =
      typeof model === "string"
        ? { name: model, contextTokens: null, vision: null }
        : { name: model.name, contextTokens: model.contextTokens ?? null, vision: model.vision ?? null };
    if (!byName.has(entry.name)) byName.set(entry.name, entry);
  }
  return [...byName.values()];
}
