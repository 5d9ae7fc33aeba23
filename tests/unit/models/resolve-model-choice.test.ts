import { describe, expect, it } from "vitest";
import type { ModelEndpoint } from "@/lib/config/parse-model-endpoints";
import type { ModelCatalog } from "@/lib/models/read-model-catalog";
import { resolveModelChoice } from "@/lib/models/resolve-model-choice";

const endpoint = (name: string): ModelEndpoint => ({
  name,
  baseURL: `http://${name}/v1`,
  apiKey: null,
  models: null,
  contextTokens: null,
  vision: null,
});

function catalog({ localAvailable = true, withDefault = true } = {}): ModelCatalog {
  return {
    endpoints: [
      ...(withDefault
        ? [{ endpoint: endpoint("default"), listing: { names: ["gpt"], available: true, listedAt: 0 }, names: ["gpt"] }]
        : []),
      {
        endpoint: endpoint("local"),
        listing: { names: ["llama3.1:8b"], available: localAvailable, listedAt: 0 },
        names: ["llama3.1:8b"],
      },
    ],
    defaultModelId: withDefault ? "default:gpt" : null,
  };
}

const pick = (result: ReturnType<typeof resolveModelChoice>) =>
  result && {
    modelId: result.modelId,
    modelName: result.modelName,
    endpoint: result.endpoint.name,
    fallbackFrom: result.fallbackFrom,
  };

describe("resolveModelChoice", () => {
  it.each([
    [
      "no choice: the default",
      null,
      {},
      { modelId: "default:gpt", modelName: "gpt", endpoint: "default", fallbackFrom: null },
    ],
    [
      "an offered model, split at the first colon only",
      "local:llama3.1:8b",
      {},
      { modelId: "local:llama3.1:8b", modelName: "llama3.1:8b", endpoint: "local", fallbackFrom: null },
    ],
    [
      "a model its endpoint no longer lists: the default, saying so",
      "local:mistral",
      {},
      { modelId: "default:gpt", modelName: "gpt", endpoint: "default", fallbackFrom: "local:mistral" },
    ],
    [
      "an endpoint removed from the configuration",
      "gone:x",
      {},
      { modelId: "default:gpt", modelName: "gpt", endpoint: "default", fallbackFrom: "gone:x" },
    ],
    [
      "a malformed id",
      "nocolon",
      {},
      { modelId: "default:gpt", modelName: "gpt", endpoint: "default", fallbackFrom: "nocolon" },
    ],
    [
      "an endpoint that is down: still its model, the run reports the endpoint",
      "local:mistral",
      { localAvailable: false },
      { modelId: "local:mistral", modelName: "mistral", endpoint: "local", fallbackFrom: null },
    ],
    ["no default and no choice: nothing", null, { withDefault: false }, null],
    ["no default and a vanished choice: nothing", "local:mistral", { withDefault: false }, null],
  ])("%s", (_case, requested, options, expected) => {
    expect(pick(resolveModelChoice(catalog(options), requested))).toEqual(expected);
  });
});
