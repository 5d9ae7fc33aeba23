import { APICallError } from "ai";

// Servers word "this model cannot take tool definitions" in many ways, always as an HTTP
// error before any output. Matched on the provider's message, loosely enough for the common
// servers and strictly enough that an unrelated error (a bad key, a missing model, a long
// prompt) is never mistaken for it and retried.

const TOOL_WORDS = String.raw`(?:tools?|tool[\s_-]?(?:calls?|calling|use|choice)|function[\s_-]?(?:calls?|calling)|functions)`;

const PATTERNS: RegExp[] = [
  // Ollama: "registry.ollama.ai/library/gemma2:2b does not support tools"; LiteLLM, Groq, ...
  new RegExp(
    String.raw`\b(?:does not|doesn't|do not|don't|cannot|can't|can not)\s+(?:support|accept|allow)\s+(?:the\s+)?${TOOL_WORDS}\b`,
    "i",
  ),
  // "Tool calling is not supported for this model", "tools are not enabled", "function calling is unsupported"
  new RegExp(
    String.raw`\b${TOOL_WORDS}\s+(?:\S+\s+){0,4}?(?:is|are)\s+(?:not\s+(?:supported|enabled|available|allowed)|unsupported)\b`,
    "i",
  ),
  // "Unsupported parameter: 'tools'", "Unrecognized request argument supplied: tools"
  /\b(?:unsupported|unrecognized|unknown)\s+(?:request\s+)?(?:parameter|argument|field)s?(?:\s+supplied)?\W+tools?\b/i,
  // vLLM without a tool parser: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'
  /--enable-auto-tool-choice|--tool-call-parser/i,
  // llama.cpp server: "tools param requires --jinja flag"
  /\btools?\s+param(?:eter)?s?\s+requires?\b/i,
];

const NOT_ABOUT_TOOLS = new Set([401, 403, 404, 408, 429]);

export function isToolsUnsupportedError(error: unknown): boolean {
  if (!APICallError.isInstance(error) || error.statusCode === undefined) return false;
  if (error.statusCode < 400 || NOT_ABOUT_TOOLS.has(error.statusCode)) return false;
  const text = `${error.message}\n${error.responseBody ?? ""}`;
  return PATTERNS.some((pattern) => pattern.test(text));
}
