import { createOpenAI } from "@ai-sdk/openai";
import type { ModelEndpoint } from "@/lib/config/parse-model-endpoints";

// Chat Completions (`.chat`), which OpenAI, Ollama, vLLM, LM Studio and llama.cpp all serve;
// the provider's default would call OpenAI's Responses API instead.

export function createLanguageModel(endpoint: ModelEndpoint, modelName: string) {
  const provider = createOpenAI({ baseURL: endpoint.baseURL ?? undefined, apiKey: endpoint.apiKey ?? "not-needed" });
  return provider.chat(modelName);
}
