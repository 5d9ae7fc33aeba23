import { describe, expect, it } from "vitest";
import { providerError } from "../../support/provider-error";
import { isImagesUnsupportedError } from "@/lib/models/detect-images-unsupported";

// Messages as the servers send them, in the OpenAI error body the provider reads.
describe("isImagesUnsupportedError", () => {
  it.each([
    ["OpenAI", 400, "Invalid content type. image_url is only supported by certain models."],
    ["Ollama", 400, "model llama3.1:8b does not support images"],
    [
      "llama.cpp without mmproj",
      500,
      "image input is not supported - hint: if this is unexpected, you may need to provide the mmproj",
    ],
    ["vLLM", 400, "Qwen/Qwen2.5-7B-Instruct is not a multimodal model"],
    ["vLLM, limited", 400, "At most 0 image(s) may be provided in one request."],
    ["text-only servers", 400, "messages[1].content must be a string"],
    ["content parts", 422, "Content parts are not supported for this model"],
    ["LiteLLM", 400, "This model doesn't accept image input"],
  ])("recognises %s", (_server, status, message) => {
    expect(isImagesUnsupportedError(providerError(status, message))).toBe(true);
  });

  it.each([
    ["a bad key", 401, "Incorrect API key provided; the image endpoint needs another key"],
    ["a missing model", 404, "The model `gpt-vision` does not exist"],
    ["rate limiting", 429, "Rate limit reached for images"],
    ["a long prompt", 400, "This model's maximum context length is 8192 tokens."],
    ["tools", 400, "registry.ollama.ai/library/gemma2:2b does not support tools"],
    ["no status", undefined, "model does not support images"],
  ])("leaves %s alone", (_case, status, message) => {
    expect(isImagesUnsupportedError(providerError(status, message))).toBe(false);
  });

  it("leaves errors that are not from the provider alone", () => {
    expect(isImagesUnsupportedError(new Error("does not support images"))).toBe(false);
  });
});
