import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { JSON_BODY_MAX_BYTES, jsonDepthExceeds, readBoundedJson } from "@/lib/http/read-bounded-json";

const post = (body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("jsonDepthExceeds", () => {
  it.each([
    ["{}", 1, false],
    ["{}", 0, true],
    ['{"a":[1,{"b":[]}]}', 4, false],
    ['{"a":[1,{"b":[]}]}', 3, true],
    ['"[[[[[[[[[["', 1, false], // brackets in a string are text
    ['["\\"[[[["]', 1, false], // an escaped quote does not end the string
    ['["\\\\", [[]]]', 2, true], // an escaped backslash does not escape the quote after it
    ["]]]]][[", 2, false], // closers first never push the depth up (the parser refuses it later)
  ])("%s within %i: exceeds = %s", (text, limit, expected) => {
    expect(jsonDepthExceeds(text, limit)).toBe(expected);
  });
});

describe("readBoundedJson", () => {
  it("parses a body and reads an empty one as {}", async () => {
    expect(await readBoundedJson(post('{"a":[1,2]}'))).toEqual({ a: [1, 2] });
    expect(await readBoundedJson(post("  "))).toEqual({});
  });

  it("refuses by Content-Length before reading, and by bytes received without one", async () => {
    const declared = await refusal(
      readBoundedJson(
        post("{}", { "content-type": "application/json", "content-length": String(JSON_BODY_MAX_BYTES + 1) }),
      ),
    );
    expect(declared.status).toBe(413);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(256 * 1024).fill(0x20));
      },
    });
    expect((await refusal(readBoundedJson(post(endless)))).status).toBe(413);
    // It stopped reading soon after the limit, not at the end of a body that never ends.
    expect(pulled).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES / (256 * 1024) + 2);
  });

  it("refuses deep nesting, malformed JSON and bytes that are not UTF-8 with 400", async () => {
    for (const body of ["[".repeat(100_000), "{not json", new Uint8Array([0x22, 0xc3, 0x28, 0x22])]) {
      expect((await refusal(readBoundedJson(post(body)))).status).toBe(400);
    }
  });

  it("refuses a body sent as anything but application/json with 415; an empty one of any type is {}", async () => {
    const typed: Record<string, string>[] = [
      { "content-type": "text/plain" },
      { "content-type": "application/jsonx" },
      {},
    ];
    for (const headers of typed) {
      const blob = new Blob(['{"a":1}']);
      expect((await refusal(readBoundedJson(post(blob, headers)))).status).toBe(415);
    }
    expect(await readBoundedJson(post("", { "content-type": "text/plain" }))).toEqual({});
    expect(await readBoundedJson(post('{"a":1}', { "content-type": "Application/JSON; charset=utf-8" }))).toEqual({
      a: 1,
    });
  });
});
