import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ModelEndpoint } from "@/lib/config/parse-model-endpoints";
import { forgetEndpointListingsForTests, readEndpointListing } from "@/lib/models/read-endpoint-listing";
import { knownToolSupport, rememberToolSupport } from "@/lib/models/tool-support";
import { startStubModelServer, type StubModelServer } from "@/tests/support/stub-model-server";

// The model-list cache against a real OpenAI-compatible /models, with only the clock faked.

let stub: StubModelServer;
const endpoint = (): ModelEndpoint => ({
  name: "local",
  baseURL: stub.url,
  apiKey: "k",
  models: null,
  contextTokens: null,
  vision: null,
});

beforeAll(async () => {
  stub = await startStubModelServer({ models: ["a", "b"] });
});
afterEach(() => {
  vi.useRealTimers();
  forgetEndpointListingsForTests();
  stub.reset();
});
afterAll(() => stub.close());

describe("readEndpointListing", () => {
  it("asks the endpoint once, answers from the cache for minutes, then serves the old list while refreshing in the background", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
    const before = stub.modelListCount();
    const first = await readEndpointListing(endpoint());
    expect(first).toMatchObject({ names: ["a", "b"], available: true });
    rememberToolSupport(first, "a", false);

    stub.setModels(["a", "c"]);
    vi.setSystemTime(new Date("2026-12-01T10:04:00Z"));
    expect(await readEndpointListing(endpoint())).toBe(first);
    expect(stub.modelListCount() - before).toBe(1);

    vi.setSystemTime(new Date("2026-12-01T10:06:00Z"));
    expect(await readEndpointListing(endpoint())).toBe(first);
    await vi.waitFor(async () => expect((await readEndpointListing(endpoint())).names).toEqual(["a", "c"]));
    expect(stub.modelListCount() - before).toBe(2);
    // What runs learned about tools ends with the list it was learned on.
    expect(knownToolSupport(first, "a")).toBe(false);
    expect(knownToolSupport(await readEndpointListing(endpoint()), "a")).toBeNull();
  });

  it("marks an endpoint that stops answering unavailable, keeping the names it last listed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
    const down = await startStubModelServer({ models: ["x"] });
    const target: ModelEndpoint = { ...endpoint(), name: "down", baseURL: down.url };
    expect(await readEndpointListing(target)).toMatchObject({ names: ["x"], available: true });
    await down.close();

    vi.setSystemTime(new Date("2026-12-01T10:06:00Z"));
    await vi.waitFor(async () =>
      expect(await readEndpointListing(target)).toMatchObject({ names: ["x"], available: false }),
    );
  });

  it("lists the configured models without asking the endpoint", async () => {
    const before = stub.modelListCount();
    const listing = await readEndpointListing({
      ...endpoint(),
      name: "fixed",
      models: [{ name: "z", contextTokens: null, vision: null }],
    });
    expect(listing).toMatchObject({ names: ["z"], available: true });
    expect(stub.modelListCount()).toBe(before);
  });

  it("is one cache per process: another copy of the modules (Next bundles route handlers and server actions apart) sees the same listing and what runs learned on it", async () => {
    const before = stub.modelListCount();
    const first = await readEndpointListing(endpoint());
    rememberToolSupport(first, "a", false);

    vi.resetModules();
    const listingCopy = await import("@/lib/models/read-endpoint-listing");
    const toolsCopy = await import("@/lib/models/tool-support");
    expect(listingCopy.readEndpointListing).not.toBe(readEndpointListing);
    const seen = await listingCopy.readEndpointListing(endpoint());
    expect(seen).toBe(first);
    expect(toolsCopy.knownToolSupport(seen, "a")).toBe(false);
    expect(stub.modelListCount() - before).toBe(1);
  });
});
