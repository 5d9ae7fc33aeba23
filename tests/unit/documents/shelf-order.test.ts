import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, type ShelfCursor } from "@/lib/documents/shelf-order";
import { AppError } from "@/lib/errors";

// Cursors are opaque to clients but still input: they round-trip exactly, and anything else
// (another sort, order, query or folder, a cursor from before folders, a forged or malformed key) is a 422 on `cursor`.

const cursor: ShelfCursor = {
  sort: "updated",
  order: "desc",
  q: null,
  folder: null,
  key: "2026-01-01 10:00:00.123",
  id: "doc-1",
  position: 100,
};
const context = { sort: cursor.sort, order: cursor.order, q: cursor.q, folder: cursor.folder };

function refusal(text: string, expected = context): AppError {
  try {
    decodeCursor(text, expected);
  } catch (error) {
    return error as AppError;
  }
  throw new Error("the cursor was accepted");
}

describe("shelf cursors", () => {
  it("round-trip", () => {
    expect(decodeCursor(encodeCursor(cursor), context)).toEqual(cursor);
    const search = { ...cursor, sort: "name" as const, order: "asc" as const, q: "报告", key: "年度 报告.pdf" };
    expect(decodeCursor(encodeCursor(search), { sort: "name", order: "asc", q: "报告", folder: null })).toEqual(search);
    const inFolder = { ...cursor, folder: "root" };
    expect(decodeCursor(encodeCursor(inFolder), { ...context, folder: "root" })).toEqual(inFolder);
  });

  it.each([
    ["another sort", encodeCursor(cursor), { ...context, sort: "name" as const }],
    ["another order", encodeCursor(cursor), { ...context, order: "asc" as const }],
    ["another query", encodeCursor(cursor), { ...context, q: "x" }],
    ["another folder", encodeCursor(cursor), { ...context, folder: "root" }],
    ["the whole shelf's cursor in a folder", encodeCursor({ ...cursor, folder: "f-1" }), context],
    [
      "a cursor from before folders",
      Buffer.from(JSON.stringify(["updated", "desc", null, cursor.key, cursor.id, 100])).toString("base64url"),
      context,
    ],
    ["not base64 JSON", "%%%", context],
    ["a bad timestamp key", encodeCursor({ ...cursor, key: "yesterday'; DROP" }), context],
    ["a bad size key", encodeCursor({ ...cursor, sort: "size", key: "1e9" }), { ...context, sort: "size" as const }],
    ["a negative position", encodeCursor({ ...cursor, position: -1 }), context],
  ])("refuses %s with a 422 on cursor", (_, text, expected) => {
    const error = refusal(text, expected);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("validation_failed");
    expect(error.details).toEqual([expect.objectContaining({ path: "cursor" })]);
  });
});
