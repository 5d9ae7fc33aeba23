import { z } from "zod";
import { parseCidr } from "./cidr";
import { parseModelEndpoints, type ModelEndpoint } from "./parse-model-endpoints";

// The product's tunables, read from the environment once. An invalid value never crashes
// the server: it is logged and the default is used instead (docs/operations.md § "Configuration").

const booleanFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"]))
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

function integerInRange(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

const settingSchemas = {
  instructionsMaxBytes: { env: "PROJECT_INSTRUCTIONS_MAX_BYTES", schema: integerInRange(256, 262144), fallback: 8192 },
  indexMaxEntries: { env: "PROJECT_INDEX_MAX_ENTRIES", schema: integerInRange(1, 500), fallback: 50 },
  indexMaxBytes: { env: "PROJECT_INDEX_MAX_BYTES", schema: integerInRange(512, 65536), fallback: 4096 },
  noteMaxBytes: { env: "PROJECT_NOTE_MAX_BYTES", schema: integerInRange(64, 16384), fallback: 1024 },
  memoryMaxBytes: { env: "PROJECT_MEMORY_MAX_BYTES", schema: integerInRange(512, 65536), fallback: 4096 },
  trashRetentionDays: { env: "TRASH_RETENTION_DAYS", schema: integerInRange(1, 3650), fallback: 30 },
  uploadMaxBytes: { env: "UPLOAD_MAX_BYTES", schema: integerInRange(1), fallback: 52428800 },
  autoConvertDocuments: { env: "AUTO_CONVERT_DOCUMENTS", schema: booleanFromEnv, fallback: true },
  importMaxEntries: { env: "IMPORT_MAX_ENTRIES", schema: integerInRange(1), fallback: 100_000 },
  conversionTimeoutSeconds: { env: "CONVERSION_TIMEOUT_SECONDS", schema: integerInRange(1, 3600), fallback: 120 },
  conversionMemoryMb: { env: "CONVERSION_MEMORY_MB", schema: integerInRange(64, 16384), fallback: 1024 },
  searchIndexMaxChars: { env: "SEARCH_INDEX_MAX_CHARS", schema: integerInRange(0), fallback: 5_000_000 },
  // How long a streaming instance's claim on a run lasts without renewal (renewed every
  // sixth of it); a crashed instance's run is failed this long after its last renewal.
  runLeaseSeconds: { env: "RUN_LEASE_SECONDS", schema: integerInRange(2, 3600), fallback: 30 },
  allowSignUp: { env: "ALLOW_SIGN_UP", schema: booleanFromEnv, fallback: true },
  modelContextTokens: { env: "MODEL_CONTEXT_TOKENS", schema: integerInRange(2048, 2000000), fallback: 32768 },
  modelMaxOutputTokens: { env: "MODEL_MAX_OUTPUT_TOKENS", schema: integerInRange(1, 2000000), fallback: 4096 },
  // How many of the latest user turns send their images as images; older ones send a stub.
  imageHistoryTurns: { env: "IMAGE_HISTORY_TURNS", schema: integerInRange(1, 100), fallback: 4 },
  // Passages per embeddings request, and requests in flight at once (background embedding).
  embeddingBatchSize: { env: "EMBEDDING_BATCH_SIZE", schema: integerInRange(1, 2048), fallback: 64 },
  embeddingConcurrency: { env: "EMBEDDING_CONCURRENCY", schema: integerInRange(1, 16), fallback: 2 },
  // MCP servers (docs/operations.md § "MCP servers"): how long one tool call may take, how much of
  // its result reaches the model, how long a run waits to reach a server, how many MCP tools one
  // run offers, and how long a call waits for the person's approval.
  mcpToolTimeoutMs: { env: "MCP_TOOL_TIMEOUT_MS", schema: integerInRange(100, 3_600_000), fallback: 60_000 },
  mcpResultMaxBytes: { env: "MCP_RESULT_MAX_BYTES", schema: integerInRange(256, 16_777_216), fallback: 65_536 },
  mcpConnectTimeoutMs: { env: "MCP_CONNECT_TIMEOUT_MS", schema: integerInRange(100, 120_000), fallback: 10_000 },
  mcpMaxToolsPerRun: { env: "MCP_MAX_TOOLS_PER_RUN", schema: integerInRange(1, 500), fallback: 64 },
  mcpApprovalTimeoutSeconds: {
    env: "MCP_APPROVAL_TIMEOUT_SECONDS",
    schema: integerInRange(1, 86_400),
    fallback: 600,
  },
} as const;

type SettingName = keyof typeof settingSchemas;
export type Settings = {
  [K in SettingName]: (typeof settingSchemas)[K]["fallback"] extends boolean ? boolean : number;
};

export interface AppConfig extends Settings {
  /** Expanded bytes one import may unpack; defaults to 10 × uploadMaxBytes, so it follows that limit. */
  importMaxBytes: number;
  dataDir: string;
  databaseUrl: string | null;
  appUrl: string | null;
  port: number;
  /** Addresses and CIDR ranges whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trustedProxies: string[];
  /** MCP_ALLOWED_HOSTS: host names (lower case) and CIDR ranges an MCP server may be at although private. */
  mcpAllowedHosts: string[];
  model: { apiKey: string | null; baseUrl: string | null; name: string | null };
  /** MODEL_ENDPOINTS: named endpoints beside the default one. */
  modelEndpoints: ModelEndpoint[];
  /** EMBEDDING_*: the OpenAI-compatible embeddings endpoint for passage vectors; null: lexical search only. */
  embedding: EmbeddingEndpoint | null;
  /** HEALTH_DETAIL_SECRET: sent as X-Health-Secret, it opens `/api/health?detail=1` to an operator. */
  healthDetailSecret: string | null;
}

export interface EmbeddingEndpoint {
  model: string;
  /** EMBEDDING_BASE_URL, else the default model endpoint's (OPENAI_BASE_URL), else OpenAI's. */
  baseUrl: string | null;
  apiKey: string | null;
  /** EMBEDDING_DIMENSIONS: asked of models that can shorten their vectors; null: the model's own. */
  dimensions: number | null;
}

type Env = Record<string, string | undefined>;
type Warn = (message: string) => void;

export function readSettings(env: Env, warn: Warn = (m) => console.warn(m)): Settings {
  const settings: Record<string, number | boolean> = {};
  for (const [key, { env: variable, schema, fallback }] of Object.entries(settingSchemas)) {
    const raw = env[variable];
    if (raw === undefined || raw === "") {
      settings[key] = fallback;
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      settings[key] = parsed.data;
    } else {
      warn(
        `[config] ${variable}=${JSON.stringify(raw)} is invalid (${parsed.error.issues[0]?.message}); using ${fallback}`,
      );
      settings[key] = fallback;
    }
  }
  return settings as Settings;
}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** IMPORT_MAX_BYTES, whose default depends on another setting and so sits outside the table. */
function readImportMaxBytes(env: Env, uploadMaxBytes: number, warn: Warn): number {
  const fallback = 10 * uploadMaxBytes;
  const raw = env.IMPORT_MAX_BYTES;
  if (raw === undefined || raw === "") return fallback;
  const parsed = integerInRange(1).safeParse(raw);
  if (parsed.success) return parsed.data;
  warn(
    `[config] IMPORT_MAX_BYTES=${JSON.stringify(raw)} is invalid (${parsed.error.issues[0]?.message}); using ${fallback}`,
  );
  return fallback;
}

export function readConfig(env: Env = process.env, warn: Warn = (m) => console.warn(m)): AppConfig {
  const port = integerInRange(1, 65535).safeParse(env.PORT ?? "");
  const settings = readSettings(env, warn);
  return {
    ...settings,
    importMaxBytes: readImportMaxBytes(env, settings.uploadMaxBytes, warn),
    dataDir: optional(env, "DATA_DIR") ?? "./data",
    databaseUrl: optional(env, "DATABASE_URL"),
    appUrl: optional(env, "APP_URL")?.replace(/\/+$/, "") ?? null,
    port: port.success ? port.data : 3000,
    trustedProxies: readTrustedProxies(env.TRUSTED_PROXIES, warn),
    mcpAllowedHosts: readAllowedHosts(env.MCP_ALLOWED_HOSTS, warn),
    model: {
      apiKey: optional(env, "OPENAI_API_KEY"),
      baseUrl: optional(env, "OPENAI_BASE_URL"),
      name: optional(env, "OPENAI_MODEL"),
    },
    modelEndpoints: parseModelEndpoints(env.MODEL_ENDPOINTS, warn ?? ((message) => console.warn(message))),
    embedding: readEmbeddingEndpoint(env, warn),
    healthDetailSecret: optional(env, "HEALTH_DETAIL_SECRET"),
  };
}

/** The embedder, when EMBEDDING_MODEL names one; its key defaults to OPENAI_API_KEY only on the default server. */
function readEmbeddingEndpoint(env: Env, warn: Warn): EmbeddingEndpoint | null {
  const model = optional(env, "EMBEDDING_MODEL");
  if (!model) return null;
  const ownBase = optional(env, "EMBEDDING_BASE_URL");
  const rawDimensions = optional(env, "EMBEDDING_DIMENSIONS");
  const dimensions = rawDimensions === null ? null : integerInRange(1, 16000).safeParse(rawDimensions);
  if (dimensions && !dimensions.success)
    warn(`[config] EMBEDDING_DIMENSIONS=${JSON.stringify(rawDimensions)} is invalid; using the model's own`);
  return {
    model,
    baseUrl: ownBase ?? optional(env, "OPENAI_BASE_URL"),
    apiKey: optional(env, "EMBEDDING_API_KEY") ?? (ownBase ? null : optional(env, "OPENAI_API_KEY")),
    dimensions: dimensions?.success ? dimensions.data : null,
  };
}

/** A comma-separated list of addresses or CIDR ranges; an invalid entry is logged and skipped. */
function readTrustedProxies(raw: string | undefined, warn: Warn = (m) => console.warn(m)): string[] {
  const entries = (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.filter((entry) => {
    const valid = parseCidr(entry) !== null;
    if (!valid)
      warn(`[config] TRUSTED_PROXIES entry ${JSON.stringify(entry)} is not an address or CIDR range; ignored`);
    return valid;
  });
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/;

/** A comma-separated list of host names and addresses or CIDR ranges; an invalid entry is logged and skipped. */
function readAllowedHosts(raw: string | undefined, warn: Warn = (m) => console.warn(m)): string[] {
  const entries = (raw ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return entries.filter((entry) => {
    const valid = parseCidr(entry.replace(/^\[|\]$/g, "")) !== null || HOST_NAME.test(entry);
    if (!valid)
      warn(`[config] MCP_ALLOWED_HOSTS entry ${JSON.stringify(entry)} is not a host, address or CIDR range; ignored`);
    return valid;
  });
}

let cached: AppConfig | null = null;

/** The process-wide configuration, read on first use. */
export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}

/** A model needs a name and somewhere to send it: a base URL, or OpenAI's with an API key. */
export function isModelConfigured({ model }: Pick<AppConfig, "model"> = config()): boolean {
  return Boolean(model.name && (model.baseUrl || model.apiKey));
}

/** Tests change the environment between cases; this forgets the cached read. */
export function resetConfigForTests(): void {
  cached = null;
}
