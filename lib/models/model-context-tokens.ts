import { configuredEndpoints } from "./configured-endpoints";
import { parseModelId } from "./model-id";

// The context window of a model as configured in MODEL_ENDPOINTS: the model's own
// `contextTokens`, else its endpoint's. null means no override: the long-conversation budget
// then uses the server-wide default.

export function modelContextTokens(modelId: string | null): number | null {
  const parsed = modelId ? parseModelId(modelId) : null;
  if (!parsed) return null;
  const endpoint = configuredEndpoints().find((candidate) => candidate.name === parsed.endpoint);
  if (!endpoint) return null;
  const model = endpoint.models?.find((candidate) => candidate.name === parsed.model);
  return model?.contextTokens ?? endpoint.contextTokens;
}
