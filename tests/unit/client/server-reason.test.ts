import { describe, expect, it } from "vitest";
import { serverReason } from "@/lib/client/server-reason";

describe("serverReason", () => {
  it("is a 4xx's own message, as the server wrote it", () => {
    const damaged = "The image could not be read: the file is damaged or not an image.";
    expect(
      serverReason(422, {
        code: "validation_failed",
        message: damaged,
        details: [{ path: "files", message: damaged }],
      }),
    ).toBe(damaged);
    expect(serverReason(409, { code: "conflict", message: "This reply has already ended." })).toBe(
      "This reply has already ended.",
    );
  });

  it("is the first field issue when the message is only the code's stock sentence", () => {
    expect(
      serverReason(422, {
        code: "validation_failed",
        message: "Some fields are invalid.",
        details: [{ path: "name", message: "The name is too long." }],
      }),
    ).toBe("The name is too long.");
  });

  it("is null for a stock sentence alone, a 5xx, no answer or a success", () => {
    expect(serverReason(404, { code: "not_found", message: "Not found." })).toBeNull();
    expect(serverReason(500, { code: "internal", message: "Database exploded." })).toBeNull();
    expect(serverReason(0, { code: "network", message: "The server could not be reached." })).toBeNull();
    expect(serverReason(422, undefined)).toBeNull();
    expect(serverReason(200, { code: "internal", message: "The reply's stream is empty." })).toBeNull();
  });
});
