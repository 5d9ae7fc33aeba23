import { describe, expect, it } from "vitest";
import { parseModelEndpoints } from "@/lib/config/parse-model-endpoints";

function parse(raw: string | undefined) {
  const warnings: string[] = [];
  return { endpoints: parseModelEndpoints(raw, (message) => warnings.push(message)), warnings };
}

describe("parseModelEndpoints", () => {
  it("reads every field, trims the base URL's slash, and lets models carry their own context size and vision", () => {
    const { endpoints, warnings } = parse(
      JSON.stringify([
        {
          name: "local",
          baseURL: "http://127.0.0.1:11434/v1/",
          apiKey: "ollama",
          models: ["llama3.1:8b", { name: "qwen2.5:32b", contextTokens: 32768 }, { name: "llava", vision: true }],
          contextTokens: 8192,
          vision: false,
        },
        { name: "vllm", baseURL: "https://gpu.example.com/v1" },
      ]),
    );
    expect(warnings).toEqual([]);
    expect(endpoints).toEqual([
      {
        name: "local",
        baseURL: "http://127.0.0.1:11434/v1",
        apiKey: "ollama",
        models: [
          { name: "llama3.1:8b", contextTokens: null, vision: null },
          { name: "qwen2.5:32b", contextTokens: 32768, vision: null },
          { name: "llava", contextTokens: null, vision: true },
        ],
        contextTokens: 8192,
        vision: false,
      },
      {
        name: "vllm",
        baseURL: "https://gpu.example.com/v1",
        apiKey: null,
        models: null,
        contextTokens: null,
        vision: null,
      },
    ]);
  });

  it.each([
    ["unset", undefined],
    ["empty", "  "],
  ])("is empty and silent when %s", (_case, raw) => {
    expect(parse(raw)).toEqual({ endpoints: [], warnings: [] });
  });

  it.each([
    ["invalid JSON", "[{name: 'x'}", /not valid JSON/],
    ["not an array", JSON.stringify({ name: "x", baseURL: "http://h/v1" }), /must be a JSON array/],
  ])("ignores %s whole, with a warning", (_case, raw, warning) => {
    const { endpoints, warnings } = parse(raw);
    expect(endpoints).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(warning)]);
  });

  it.each([
    [
      "a name with a colon (it would split model ids)",
      { name: "a:b", baseURL: "http://h/v1" },
      /MODEL_ENDPOINTS\[0\].*name/,
    ],
    ["the reserved name default", { name: "default", baseURL: "http://h/v1" }, /"default" is already taken/],
    ["a base URL that is not http(s)", { name: "x", baseURL: "file:///etc/passwd" }, /baseURL/],
    ["a missing base URL", { name: "x" }, /baseURL/],
    ["an empty model list", { name: "x", baseURL: "http://h/v1", models: [] }, /models/],
    [
      "a context size that is not a whole number",
      { name: "x", baseURL: "http://h/v1", contextTokens: 1.5 },
      /contextTokens/,
    ],
    ["a string instead of an object", "local", /MODEL_ENDPOINTS\[0\]/],
  ])("ignores an entry with %s and keeps the others", (_case, bad, warning) => {
    const { endpoints, warnings } = parse(JSON.stringify([bad, { name: "good", baseURL: "http://good/v1" }]));
    expect(endpoints.map((endpoint) => endpoint.name)).toEqual(["good"]);
    expect(warnings).toEqual([expect.stringMatching(warning)]);
  });

  it("keeps the first of two endpoints with one name, and one of two equal model names", () => {
    const { endpoints, warnings } = parse(
      JSON.stringify([
        { name: "x", baseURL: "http://one/v1", models: ["m", "m"] },
        { name: "x", baseURL: "http://two/v1" },
      ]),
    );
    expect(endpoints).toEqual([
      expect.objectContaining({ baseURL: "http://one/v1", models: [{ name: "m", contextTokens: null, vision: null }] }),
    ]);
    expect(warnings).toEqual([expect.stringMatching(/MODEL_ENDPOINTS\[1\].*"x" is already taken/)]);
  });
});
