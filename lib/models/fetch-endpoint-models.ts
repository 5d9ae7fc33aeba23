import { z } from "zod";
import type { ModelEndpoint } from "@/lib/config/parse-model-endpoints";

// An endpoint's own model list: `GET {baseURL}/models`, the OpenAI shape that Ollama, vLLM,
// LM Studio and llama.cpp all serve. A slow endpoint must not hold up the model picker.

const OPENAI_BASE_URL = "https://api.openai.com/v1";
const LIST_TIMEOUT_MS = 4_000;
// An aggregator can list hundreds; more than this is not a list anyone picks from.
const MAX_MODELS = 1_000;

const modelList = z.object({ data: z.array(z.object({ id: z.string().trim().min(1).max(200) })) });

export async function fetchEndpointModels(endpoint: ModelEndpoint): Promise<string[]> {
  const response = await fetch(`${endpoint.baseURL ?? OPENAI_BASE_URL}/models`, {
    headers: endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {},
    signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`GET /models answered HTTP ${response.status}`);
  const { data } = modelList.parse(await response.json());
  return [...new Set(data.map((model) => model.id))].slice(0, MAX_MODELS);
}
