import { describe, expect, it } from "vitest";
import { readConfig, readSettings } from "@/lib/config/env";

const defaults = {
  instructionsMaxBytes: 8192,
  indexMaxEntries: 50,
  indexMaxBytes: 4096,
  noteMaxBytes: 1024,
  memoryMaxBytes: 4096,
  trashRetentionDays: 30,
  uploadMaxBytes: 52428800,
  autoConvertDocuments: true,
  importMaxEntries: 100_000,
  conversionTimeoutSeconds: 120,
  conversionMemoryMb: 1024,
  searchIndexMaxChars: 5_000_000,
  runLeaseSeconds: 30,
  allowSignUp: true,
  modelContextTokens: 32768,
  modelMaxOutputTokens: 4096,
  imageHistoryTurns: 4,
  embeddingBatchSize: 64,
  embeddingConcurrency: 2,
  mcpToolTimeoutMs: 60_000,
  mcpResultMaxBytes: 65_536,
  mcpConnectTimeoutMs: 10_000,
  mcpMaxToolsPerRun: 64,
  mcpApprovalTimeoutSeconds: 600,
};

describe("configuration", () => {
  it("uses the design's defaults when nothing is set", () => {
    expect(readSettings({})).toEqual(defaults);
  });

  it.each([
    ["PROJECT_INSTRUCTIONS_MAX_BYTES", "256", "instructionsMaxBytes", 256],
    ["PROJECT_INSTRUCTIONS_MAX_BYTES", "262144", "instructionsMaxBytes", 262144],
    ["PROJECT_NOTE_MAX_BYTES", "64", "noteMaxBytes", 64],
    ["PROJECT_MEMORY_MAX_BYTES", "65536", "memoryMaxBytes", 65536],
    ["PROJECT_INDEX_MAX_ENTRIES", "1", "indexMaxEntries", 1],
    ["PROJECT_INDEX_MAX_ENTRIES", "500", "indexMaxEntries", 500],
    ["PROJECT_INDEX_MAX_BYTES", "512", "indexMaxBytes", 512],
    ["PROJECT_INDEX_MAX_BYTES", "65536", "indexMaxBytes", 65536],
    ["TRASH_RETENTION_DAYS", "1", "trashRetentionDays", 1],
    ["TRASH_RETENTION_DAYS", "3650", "trashRetentionDays", 3650],
    ["UPLOAD_MAX_BYTES", "1", "uploadMaxBytes", 1],
    ["UPLOAD_MAX_BYTES", " 1048576 ", "uploadMaxBytes", 1048576],
    ["AUTO_CONVERT_DOCUMENTS", "false", "autoConvertDocuments", false],
    ["AUTO_CONVERT_DOCUMENTS", "0", "autoConvertDocuments", false],
    ["AUTO_CONVERT_DOCUMENTS", "TRUE", "autoConvertDocuments", true],
    ["CONVERSION_TIMEOUT_SECONDS", "1", "conversionTimeoutSeconds", 1],
    ["CONVERSION_MEMORY_MB", "64", "conversionMemoryMb", 64],
    ["SEARCH_INDEX_MAX_CHARS", "0", "searchIndexMaxChars", 0],
    ["RUN_LEASE_SECONDS", "2", "runLeaseSeconds", 2],
    ["RUN_LEASE_SECONDS", "3600", "runLeaseSeconds", 3600],
    ["ALLOW_SIGN_UP", "false", "allowSignUp", false],
    ["MODEL_CONTEXT_TOKENS", "2048", "modelContextTokens", 2048],
    ["MODEL_CONTEXT_TOKENS", "2000000", "modelContextTokens", 2000000],
    ["MODEL_MAX_OUTPUT_TOKENS", "1", "modelMaxOutputTokens", 1],
  ])("accepts %s=%s at the bounds", (variable, raw, key, expected) => {
    const warnings: string[] = [];
    expect(readSettings({ [variable]: raw }, (m) => warnings.push(m))[key as keyof typeof defaults]).toBe(expected);
    expect(warnings).toEqual([]);
  });

  it.each([
    ["PROJECT_INSTRUCTIONS_MAX_BYTES", "255", "instructionsMaxBytes"],
    ["PROJECT_INSTRUCTIONS_MAX_BYTES", "262145", "instructionsMaxBytes"],
    ["PROJECT_NOTE_MAX_BYTES", "63", "noteMaxBytes"],
    ["PROJECT_MEMORY_MAX_BYTES", "511", "memoryMaxBytes"],
    ["PROJECT_INDEX_MAX_ENTRIES", "0", "indexMaxEntries"],
    ["PROJECT_INDEX_MAX_ENTRIES", "501", "indexMaxEntries"],
    ["PROJECT_INDEX_MAX_BYTES", "511", "indexMaxBytes"],
    ["PROJECT_INDEX_MAX_BYTES", "65537", "indexMaxBytes"],
    ["TRASH_RETENTION_DAYS", "0", "trashRetentionDays"],
    ["TRASH_RETENTION_DAYS", "3651", "trashRetentionDays"],
    ["UPLOAD_MAX_BYTES", "0", "uploadMaxBytes"],
    ["UPLOAD_MAX_BYTES", "-5", "uploadMaxBytes"],
    ["UPLOAD_MAX_BYTES", "1e6", "uploadMaxBytes"],
    ["PROJECT_INDEX_MAX_ENTRIES", "12.5", "indexMaxEntries"],
    ["PROJECT_INDEX_MAX_ENTRIES", "many", "indexMaxEntries"],
    ["AUTO_CONVERT_DOCUMENTS", "maybe", "autoConvertDocuments"],
    ["RUN_LEASE_SECONDS", "1", "runLeaseSeconds"],
    ["RUN_LEASE_SECONDS", "3601", "runLeaseSeconds"],
    ["MODEL_CONTEXT_TOKENS", "2047", "modelContextTokens"],
    ["MODEL_CONTEXT_TOKENS", "2000001", "modelContextTokens"],
    ["MODEL_MAX_OUTPUT_TOKENS", "0", "modelMaxOutputTokens"],
  ])("falls back to the default and warns for %s=%s", (variable, raw, key) => {
    const warnings: string[] = [];
    const settings = readSettings({ [variable]: raw }, (m) => warnings.push(m));
    expect(settings[key as keyof typeof defaults]).toBe(defaults[key as keyof typeof defaults]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(variable);
  });

  it("reads the deployment settings, trimming the public origin", () => {
    const config = readConfig(
      { DATA_DIR: "/srv/data", DATABASE_URL: "postgres://x/y", APP_URL: "https://ws.example/", PORT: "8080" },
      () => {},
    );
    expect(config).toMatchObject({
      dataDir: "/srv/data",
      databaseUrl: "postgres://x/y",
      appUrl: "https://ws.example",
      port: 8080,
    });
    expect(readConfig({ PORT: "http" }, () => {}).port).toBe(3000);
    expect(readConfig({}, () => {})).toMatchObject({
      dataDir: "./data",
      databaseUrl: null,
      appUrl: null,
      model: { name: null },
    });
  });

  it("reads TRUSTED_PROXIES as a list, skipping and reporting entries that are not addresses or ranges", () => {
    const warnings: string[] = [];
    const config = readConfig({ TRUSTED_PROXIES: " 10.0.0.0/8, fd00::/8 ,proxy.local, 192.0.2.7 " }, (m) =>
      warnings.push(m),
    );
    expect(config.trustedProxies).toEqual(["10.0.0.0/8", "fd00::/8", "192.0.2.7"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("proxy.local");
    expect(readConfig({}).trustedProxies).toEqual([]);
  });

  it("reads MCP_ALLOWED_HOSTS as host names, addresses and ranges, skipping and reporting the rest", () => {
    const warnings: string[] = [];
    const config = readConfig(
      { MCP_ALLOWED_HOSTS: " MCP.Internal.example , 10.0.0.0/8,[fd00::1], not a host, 127.0.0.1 " },
      (m) => warnings.push(m),
    );
    expect(config.mcpAllowedHosts).toEqual(["mcp.internal.example", "10.0.0.0/8", "[fd00::1]", "127.0.0.1"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("not a host");
    expect(readConfig({}).mcpAllowedHosts).toEqual([]);
  });
});

describe("import limits", () => {
  it("caps an import at 10 × the upload limit unless IMPORT_MAX_BYTES says otherwise", () => {
    expect(readConfig({}, () => {}).importMaxBytes).toBe(10 * 52428800);
    expect(readConfig({ UPLOAD_MAX_BYTES: "1000" }, () => {}).importMaxBytes).toBe(10_000);
    expect(readConfig({ UPLOAD_MAX_BYTES: "1000", IMPORT_MAX_BYTES: "123" }, () => {}).importMaxBytes).toBe(123);
  });

  it.each(["0", "-1", "lots"])("falls back to the derived default and warns for IMPORT_MAX_BYTES=%s", (raw) => {
    const warnings: string[] = [];
    expect(
      readConfig({ UPLOAD_MAX_BYTES: "1000", IMPORT_MAX_BYTES: raw }, (m) => warnings.push(m)).importMaxBytes,
    ).toBe(10_000);
    expect(warnings).toEqual([expect.stringContaining("IMPORT_MAX_BYTES")]);
  });
});

describe("model endpoints", () => {
  it("logs and ignores an invalid MODEL_ENDPOINTS, never failing the configuration, and keeps the valid entries", () => {
    const warnings: string[] = [];
    const broken = readConfig({ MODEL_ENDPOINTS: "[{not json", OPENAI_MODEL: "gpt" }, (m) => warnings.push(m));
    expect(broken.modelEndpoints).toEqual([]);
    expect(broken.model.name).toBe("gpt");
    expect(warnings).toEqual([expect.stringContaining("MODEL_ENDPOINTS is not valid JSON")]);

    warnings.length = 0;
    const mixed = readConfig(
      {
        MODEL_ENDPOINTS: JSON.stringify([{ name: "no-url" }, { name: "local", baseURL: "http://127.0.0.1:11434/v1" }]),
      },
      (m) => warnings.push(m),
    );
    expect(mixed.modelEndpoints.map((endpoint) => endpoint.name)).toEqual(["local"]);
    expect(warnings).toEqual([expect.stringContaining("MODEL_ENDPOINTS[0] is ignored")]);
  });

  describe("the embedder", () => {
    it("is off without EMBEDDING_MODEL", () => {
      expect(readConfig({ OPENAI_BASE_URL: "http://llm/v1" }).embedding).toBeNull();
    });

    it("defaults to the default model server and its key", () => {
      expect(
        readConfig({ EMBEDDING_MODEL: "nomic-embed-text", OPENAI_BASE_URL: "http://llm/v1", OPENAI_API_KEY: "k" })
          .embedding,
      ).toEqual({ model: "nomic-embed-text", baseUrl: "http://llm/v1", apiKey: "k", dimensions: null });
    });

    it("never sends the default server's key to another server", () => {
      expect(
        readConfig({ EMBEDDING_MODEL: "m", EMBEDDING_BASE_URL: "http://tei/v1", OPENAI_API_KEY: "k" }).embedding,
      ).toEqual({ model: "m", baseUrl: "http://tei/v1", apiKey: null, dimensions: null });
    });

    it("takes EMBEDDING_DIMENSIONS, and warns and ignores an invalid one", () => {
      expect(readConfig({ EMBEDDING_MODEL: "m", EMBEDDING_DIMENSIONS: "256" }).embedding?.dimensions).toBe(256);
      const warnings: string[] = [];
      const config = readConfig({ EMBEDDING_MODEL: "m", EMBEDDING_DIMENSIONS: "-3" }, (m) => warnings.push(m));
      expect(config.embedding?.dimensions).toBeNull();
      expect(warnings.join()).toContain("EMBEDDING_DIMENSIONS");
    });
  });
});
