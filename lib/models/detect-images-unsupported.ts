import { APICallError } from "ai";

// A server refusing image input for a model that cannot see: an HTTP error before any
// output, worded by each server its own way. Only asked of a request that carried images
// (retry-without-images.ts), and matched strictly enough that a bad key, a missing model or
// a long prompt is never taken for it.

const IMAGE_WORDS = String.raw`(?:images?|image_url|image[\s_-]?(?:input|content|parts?)|vision|multi-?modal)`;

const PATTERNS: RegExp[] = [
  // OpenAI: "Invalid content type. image_url is only supported by certain models."
  new RegExp(String.raw`\b${IMAGE_WORDS}\b[^.\n]{0,40}\bonly supported\b`, "i"),
  // Ollama, LiteLLM, llama.cpp: "model does not support images", "image input is not supported"
  new RegExp(
    String.raw`\b(?:does not|doesn't|do not|don't|cannot|can't|can not)\s+(?:support|accept|take|process)\s+(?:the\s+)?${IMAGE_WORDS}\b`,
    "i",
  ),
  new RegExp(
    String.raw`\b${IMAGE_WORDS}\s+(?:\S+\s+){0,3}?(?:is|are)\s+(?:not\s+(?:supported|enabled|available|allowed)|unsupported)\b`,
    "i",
  ),
  // vLLM: "... is not a multimodal model", "At most 0 image(s) may be provided in one request."
  /\bnot a multi-?modal model\b/i,
  /\bat most 0 image/i,
  // Servers that take text only: "messages[0].content must be a string", "content parts are not supported"
  /\bcontent\b[^.\n]{0,20}\bmust be (?:a )?string\b/i,
  /\bcontent[\s_-]?parts?\b[^.\n]{0,20}\b(?:not supported|unsupported)\b/i,
];

const NOT_ABOUT_IMAGES = new Set([401, 403, 404, 408, 429]);

export function isImagesUnsupportedError(error: unknown): boolean {
  if (!APICallError.isInstance(error) || error.statusCode === undefined) return false;
  if (error.statusCode < 400 || NOT_ABOUT_IMAGES.has(error.statusCode)) return false;
  const text = `${error.message}\n${error.responseBody ?? ""}`;
  return PATTERNS.some((pattern) => pattern.test(text));
}
