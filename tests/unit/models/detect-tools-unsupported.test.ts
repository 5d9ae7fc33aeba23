import { describe, expect, it } from "vitest";
import { providerError } from "../../support/provider-error";
import { isToolsUnsupportedError } from "@/lib/models/detect-tools-unsupported";

// Messages as the servers send them, in the OpenAI error body the provider reads.
describe("isToolsUnsupportedError", () => {
  it.each([
    ["Ollama", 400, "registry.ollama.ai/library/gemma2:2b does not support tools"],
    ["Ollama, older", 400, 'json: cannot unmarshal: model "phi3" does not support tools'],
    [
      "vLLM without a tool parser",
      400,
      '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
    ],
    ["llama.cpp without --jinja", 500, "tools param requires --jinja flag"],
    ["LM Studio", 400, "This model does not support tool use"],
    ["hosted APIs", 400, "Tool calling is not supported for this model"],
    [
      "OpenAI, older models",
      400,
      "tools is not supported in this model. For a list of supported models, refer to the documentation.",
    ],
    ["function calling", 400, "This model doesn't support function calling"],
    ["an unknown parameter", 400, "Unrecognized request argument supplied: tools"],
    ["an unsupported parameter", 400, "Unsupported parameter: 'tools' is not supported with this model."],
    ["tools not enabled", 422, "Function calling is not enabled for this model"],
  ])("recognises %s", (_server, status, message) => {
    expect(isToolsUnsupportedError(providerError(status, message, "api_error"))).toBe(true);
  });

  it.each([
    ["a bad key", 401, "Incorrect API key provided: does not support tools"],
    ["a missing model", 404, "model 'llama3' not found, try pulling it first"],
    ["a rate limit", 429, "Rate limit reached; tools are not available right now"],
    ["a long prompt", 400, "This model's maximum context length is 8192 tokens."],
    ["a broken tool call", 400, "Invalid 'messages[2].tool_calls[0].function.arguments': expected JSON"],
    ["an unreachable server", undefined, "does not support tools"],
  ])("leaves %s alone", (_case, status, message) => {
    expect(isToolsUnsupportedError(providerError(status, message, "api_error"))).toBe(false);
  });

  it("is false for anything that is not a provider error", () => {
    expect(isToolsUnsupportedError(new Error("registry.ollama.ai/library/x does not support tools"))).toBe(false);
    expect(isToolsUnsupportedError(null)).toBe(false);
  });
});
