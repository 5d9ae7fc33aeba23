import { config } from "@/lib/config/env";
import { modelContextTokens } from "@/lib/models/model-context-tokens";

// How many tokens one model request may carry (docs/operations.md § "Configuration"): the model's
// context window minus the room kept for its answer. The answer's room is capped at half the
// window, so a small window with the default MODEL_MAX_OUTPUT_TOKENS still leaves half of it for
// the request instead of nothing.

export interface ContextBudget {
  /** The model's whole window (MODEL_CONTEXT_TOKENS). */
  contextTokens: number;
  /** The most the answer may take; sent as the request's output limit. */
  maxOutputTokens: number;
  /** What the request itself may take: system prompt, tool schemas, summary, history, project block, current turn. */
  inputTokens: number;
}

export function contextBudget({
  contextTokens,
  maxOutputTokens,
}: {
  contextTokens: number;
  maxOutputTokens: number;
}): ContextBudget {
  const output = Math.max(1, Math.min(maxOutputTokens, Math.floor(contextTokens / 2)));
  return { contextTokens, maxOutputTokens: output, inputTokens: contextTokens - output };
}

/** The budget of a thread's model: its MODEL_ENDPOINTS contextTokens, else MODEL_CONTEXT_TOKENS. */
export function configuredContextBudget(modelId: string | null = null): ContextBudget {
  const { modelContextTokens: defaultContextTokens, modelMaxOutputTokens } = config();
  return contextBudget({
    contextTokens: modelContextTokens(modelId) ?? defaultContextTokens,
    maxOutputTokens: modelMaxOutputTokens,
  });
}
