import { describe, expect, it, vi } from "vitest";
import { readAsText, type ConvertedCache } from "@/lib/conversion/read-as-text";

// Conversions run in a worker thread, which loads markitdown-ts on its first task: seconds on a
// busy machine, so these tests get more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

// The shared "file → text" decision, with the cache and the bytes supplied by the caller.

function memoryCache(initial: string | null = null): ConvertedCache & { stored: string[] } {
  const stored: string[] = [];
  return {
    stored,
    key: `memory-${crypto.randomUUID()}`,
    read: async () => initial,
    store: async (markdown) => void stored.push(markdown),
  };
}

const binary = Buffer.from([0x50, 0x4b, 0, 0, 1, 2, 3]);

describe("readAsText", () => {
  it("serves a cached conversion without reading the bytes", async () => {
    const cache = memoryCache("# cached");
    const readBytes = async (): Promise<Buffer> => {
      throw new Error("must not read");
    };
    expect(await readAsText({ name: "a.docx", readBytes, cache, autoConvert: true })).toEqual({
      kind: "text",
      text: "# cached",
      converted: true,
    });
  });

  it("ignores the cache when conversion is off or the file may not be converted", async () => {
    const cache = memoryCache("# cached");
    expect(await readAsText({ name: "a.docx", readBytes: async () => binary, cache, autoConvert: false })).toEqual({
      kind: "conversion_disabled",
    });
    expect(
      await readAsText({ name: "a.docx", readBytes: async () => binary, cache, autoConvert: true, convertible: false }),
    ).toEqual({ kind: "binary" });
    expect(
      await readAsText({ name: "a.docx", readBytes: async () => Buffer.from("plain"), cache, autoConvert: false }),
    ).toEqual({ kind: "text", text: "plain", converted: false });
  });

  it("stores nothing for a damaged convertible file and reads its bytes once", async () => {
    const cache = memoryCache();
    let reads = 0;
    const readBytes = async () => {
      reads++;
      return binary;
    };
    expect(await readAsText({ name: "broken.docx", readBytes, cache, autoConvert: true })).toEqual({
      kind: "unconvertible",
      reason: "error",
    });
    expect(cache.stored).toEqual([]);
    expect(reads).toBe(1);
  });
});
