import { createOpenAI } from "@ai-sdk/openai";
import { embed, embedMany } from "ai";
import type { EmbeddingEndpoint } from "@/lib/config/env";

// The configured embeddings endpoint (EMBEDDING_*), any OpenAI-compatible `POST /embeddings`:
// OpenAI, Ollama, vLLM, LM Studio, TEI. Retries are the callers' own (the background queue
// backs off per passage; a query falls back to lexical search), so the SDK's are off.

function modelOf(endpoint: EmbeddingEndpoint) {
  const provider = createOpenAI({ baseURL: endpoint.baseUrl ?? undefined, apiKey: endpoint.apiKey ?? "not-needed" });
  return provider.embeddingModel(endpoint.model);
}

function options(endpoint: EmbeddingEndpoint) {
  return endpoint.dimensions ? { openai: { dimensions: endpoint.dimensions } } : undefined;
}

/** Vectors for texts, in their order. */
export async function embedTexts(
  endpoint: EmbeddingEndpoint,
  texts: string[],
  signal?: AbortSignal,
): Promise<number[][]> {
  const { embeddings } = await embedMany({
    model: modelOf(endpoint),
    values: texts,
    maxRetries: 0,
    providerOptions: options(endpoint),
    abortSignal: signal,
  });
  return embeddings;
}

/** One text's vector (a query's). */
export async function embedText(endpoint: EmbeddingEndpoint, text: string, signal?: AbortSignal): Promise<number[]> {
  const { embedding } = await embed({
    model: modelOf(endpoint),
    value: text,
    maxRetries: 0,
    providerOptions: options(endpoint),
    abortSignal: signal,
  });
  return embedding;
}
