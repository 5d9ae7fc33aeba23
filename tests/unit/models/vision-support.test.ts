import { describe, expect, it } from "vitest";
import type { ModelEndpoint } from "@/lib/config/parse-model-endpoints";
import type { EndpointListing } from "@/lib/models/read-endpoint-listing";
import { visionKey } from "@/lib/models/shared-vision";
import { knownVisionSupport, rememberVisionSupport } from "@/lib/models/vision-support";

// Whether a model sees images: the configuration, what this process learned, what another
// instance learned. A learned refusal outranks a configured "yes"; what this process saw itself
// outranks what another instance saw.

const endpoint = (vision: boolean | null, modelVision: boolean | null = null): ModelEndpoint => ({
  name: "e",
  baseURL: "http://h/v1",
  apiKey: null,
  models: [{ name: "m", contextTokens: null, vision: modelVision }],
  contextTokens: null,
  vision,
});
const listing = (): EndpointListing => ({ names: ["m"], available: true, listedAt: 0 });
const shared = (vision: boolean) => new Map([[visionKey("e", "m"), vision]]);

describe("knownVisionSupport", () => {
  it.each([
    ["nothing known", endpoint(null), null, undefined, null],
    ["the endpoint says yes", endpoint(true), null, undefined, true],
    ["the endpoint says no", endpoint(false), null, undefined, false],
    ["the model's own setting wins over its endpoint's", endpoint(false, true), null, undefined, true],
    ["configured no, whatever was learned", endpoint(false), true, shared(true), false],
    ["this process learned no", endpoint(true), false, undefined, false],
    ["another instance learned no", endpoint(null), null, shared(false), false],
    ["another instance learned yes", endpoint(null), null, shared(true), true],
    ["this process's yes before another's no", endpoint(null), true, shared(false), true],
  ] as const)("%s", (_case, configured, learnedHere, learnedElsewhere, expected) => {
    const current = listing();
    if (learnedHere !== null) rememberVisionSupport(current, "m", learnedHere);
    expect(knownVisionSupport(configured, current, "m", learnedElsewhere)).toBe(expected);
  });

  it("forgets what this process learned when the listing is replaced", () => {
    const first = listing();
    rememberVisionSupport(first, "m", false);
    expect(knownVisionSupport(endpoint(null), first, "m")).toBe(false);
    expect(knownVisionSupport(endpoint(null), listing(), "m")).toBeNull();
  });
});
