import { config, isModelConfigured } from "@/lib/config/env";
import { DEFAULT_ENDPOINT, type ModelEndpoint } from "@/lib/config/parse-model-endpoints";

/**
 * Every endpoint the server may call, the default (OPENAI_*) first when configured, then
 * MODEL_ENDPOINTS in their order. The default's own model is always offered, whatever its
 * `/models` says: the operator named it.
 */
export function configuredEndpoints(): ModelEndpoint[] {
  const c = config();
  const endpoints: ModelEndpoint[] = [];
  if (isModelConfigured(c)) {
    endpoints.push({
      name: DEFAULT_ENDPOINT,
      baseURL: c.model.baseUrl,
      apiKey: c.model.apiKey,
      models: null,
      contextTokens: null,
      vision: null,
    });
  }
  return [...endpoints, ...c.modelEndpoints];
}

/** The default model's name (OPENAI_MODEL), when the default endpoint is configured. */
export function defaultModelName(): string | null {
  const c = config();
  return isModelConfigured(c) ? c.model.name : null;
}
