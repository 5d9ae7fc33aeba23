import { describe, expect, it } from "vitest";
import { safeLinkUrl } from "@/lib/text/safe-link-url";

describe("safeLinkUrl", () => {
  it.each([
    ["https://example.com/a?b=c#d", "https://example.com/a?b=c#d"],
    ["http://example.com", "http://example.com"],
    ["  HTTPS://Example.com/x  ", "HTTPS://Example.com/x"],
    ["mailto:someone@example.com", "mailto:someone@example.com"],
  ])("keeps %s", (url, expected) => {
    expect(safeLinkUrl(url)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " \tjavascript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "/api/trash/purge",
    "../workspace",
    "//evil.example/x",
    "#top",
    "streamdown:incomplete-link",
    "https://",
    "",
  ])("refuses %j", (url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });
});
