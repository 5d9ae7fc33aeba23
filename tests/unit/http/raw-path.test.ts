import { describe, expect, it } from "vitest";
import { rejectRawPath } from "@/lib/http/raw-path.mjs";

describe("rejectRawPath", () => {
  it.each([
    ["/api/trash/documents/%2e%2e/purge", 404],
    ["/api/trash/documents/%2E%2E/purge", 404],
    ["/api/trash/documents/.%2e/purge", 404],
    ["/api/threads/t/uploads/%2e%2e", 404],
    ["/api/threads/t/uploads/%2e", 404],
    ["/api/threads/t/uploads/..%2f..%2fsecret", 404],
    ["/api/threads/t/uploads/..%5c..%5csecret", 404],
    ["/api/a/../b", 404],
    ["/api/threads/t/uploads/a%00b", 404],
    ["/api/threads/t/uploads/100%", 400],
    ["/api/threads/t/uploads/%zz", 400],
    ["/api/threads/t/uploads/%e4%b8", 400],
  ])("refuses %s with %i", (raw, status) => {
    expect(rejectRawPath(raw)?.status).toBe(status);
  });

  it.each([
    "/",
    "/api/threads/3f0c2a52-1111-4a2b-9c3d-123456789abc/uploads/report%20v2.txt",
    "/api/threads/t/uploads/..hidden",
    "/api/threads/t/uploads/a..b.txt",
    "/api/threads/t/uploads/%E4%B8%AD%E6%96%87.md",
    "/workspace/chats/x?q=%zz",
    "/_next/static/chunks/app.js",
  ])("lets %s through", (raw) => {
    expect(rejectRawPath(raw)).toBeNull();
  });
});
