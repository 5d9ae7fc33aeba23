import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { config, isModelConfigured } from "@/lib/config/env";

// Chat Completions (`.chat`), which OpenAI, Ollama, vLLM, LM Studio and llama.cpp all serve;
// the provider's default would call OpenAI's Responses API instead.

/** The configured model, or null when none is configured. */
export function chatModel(): LanguageModel | null {
  const { model } = config();
  if (!isModelConfigured() || !model.name) return null;
  const provider = createOpenAI({ baseURL: model.baseUrl ?? undefined, apiKey: model.apiKey ?? "not-needed" });
  return provider.chat(model.name);
}
