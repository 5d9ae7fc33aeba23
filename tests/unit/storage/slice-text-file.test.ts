import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sliceText } from "@/lib/text/slice-text";
import { sliceTextFile } from "@/lib/storage/slice-text-file";
import { buildOffsetIndex, OFFSET_INTERVAL } from "@/lib/text/offset-index";

// A slice read through the offset sidecar must equal the slice of the whole decoded text, at
// every offset, across multi-byte and astral characters and a byte order mark.

const dir = mkdtempSync(path.join(os.tmpdir(), "slice-sidecar-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alphabet = ["a", "é", "中", "😀", "\n", "ß", "z"];
const text = Array.from(
  { length: 3 * OFFSET_INTERVAL + 123 },
  (_, i) => alphabet[(i * 7 + (i >> 5)) % alphabet.length],
).join("");

function file(name: string, bytes: Uint8Array | string): { textPath: string; sidecarPath: string } {
  const textPath = path.join(dir, name);
  writeFileSync(textPath, bytes);
  return { textPath, sidecarPath: `${textPath}.offsets.json` };
}

describe("sliceTextFile", () => {
  it.each([
    0,
    1,
    OFFSET_INTERVAL - 1,
    OFFSET_INTERVAL,
    OFFSET_INTERVAL + 7,
    2 * OFFSET_INTERVAL + 5000,
    3 * OFFSET_INTERVAL + 100,
    3 * OFFSET_INTERVAL + 123,
    10 ** 9,
  ])("equals the whole-text slice at offset %i, with and without a stored sidecar", async (offset) => {
    const paths = file(`text-${offset}.txt`, `\uFEFF${text}`);
    const expected = sliceText(text, { offset, limit: 4000 });
    expect(await sliceTextFile({ ...paths, offset, limit: 4000 })).toEqual(expected); // builds the sidecar
    expect(JSON.parse(readFileSync(paths.sidecarPath, "utf8"))).toMatchObject({ chars: [...text].length });
    expect(await sliceTextFile({ ...paths, offset, limit: 4000 })).toEqual(expected); // reads through it
  });

  it("rebuilds a sidecar made for other bytes, and decodes invalid UTF-8 whole", async () => {
    const paths = file("changing.txt", "first version");
    await sliceTextFile({ ...paths, offset: 0, limit: 5 });
    writeFileSync(paths.textPath, "a longer second version");
    expect((await sliceTextFile({ ...paths, offset: 2, limit: 6 }))!.content).toBe("longer");
    // Rewritten with other characters of the same byte length (an output the agent replaced):
    // the modification time tells the sidecar is stale.
    const sameSize = file("same-size.txt", "中文 then ascii");
    expect((await sliceTextFile({ ...sameSize, offset: 0, limit: 4 }))!.content).toBe("中文 t");
    writeFileSync(sameSize.textPath, "abcdef then ascii");
    utimesSync(sameSize.textPath, new Date(), new Date(Date.now() + 5000));
    expect(await sliceTextFile({ ...sameSize, offset: 0, limit: 4 })).toMatchObject({
      content: "abcd",
      totalChars: 17,
    });
    const invalid = file("invalid.txt", Uint8Array.from([0x61, 0xff, 0x62]));
    expect(await sliceTextFile({ ...invalid, offset: 0, limit: 10 })).toEqual(
      sliceText("a\uFFFDb", { offset: 0, limit: 10 }),
    );
    expect(
      await sliceTextFile({
        textPath: path.join(dir, "absent.txt"),
        sidecarPath: path.join(dir, "absent.json"),
        offset: 0,
      }),
    ).toBeNull();
  });
});

describe("buildOffsetIndex", () => {
  it("walks a large text in turns of the event loop, with the same index as one walk", async () => {
    const text = "ab中文😀\n".repeat(600_000); // 6.6 MB, one to four bytes a character
    const bytes = new TextEncoder().encode(text);
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    const index = await buildOffsetIndex(bytes, { mtimeMs: 1 });
    clearInterval(counting);
    // Timers ran while it walked: other requests would have been answered meanwhile.
    expect(turns).toBeGreaterThan(0);
    const chars = [...text];
    expect(index!.chars).toBe(chars.length);
    for (const k of [0, 1, 100, index!.starts.length - 1]) {
      const prefix = chars.slice(0, k * OFFSET_INTERVAL).join("");
      expect(index!.starts[k]).toBe(Buffer.byteLength(prefix));
    }
  });
});
