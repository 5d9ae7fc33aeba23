import { describe, expect, it } from "vitest";
import { cleanModelTitle, fallbackTitle } from "@/lib/runs/title-thread";

describe("chat titles", () => {
  it.each([
    ["Plan a trip to Kyoto", "Plan a trip to Kyoto"],
    ["  spaced \n\n out\tmessage ", "spaced out message"],
    ["", "New chat"],
    [
      "Summarise the quarterly revenue report and compare it with last year's numbers for every region",
      "Summarise the quarterly revenue report and compare it with…",
    ],
    ["x".repeat(80), `${"x".repeat(60)}…`],
  ])("falls back to the first words of %j", (message, title) => {
    expect(fallbackTitle(message)).toBe(title);
    expect(fallbackTitle(message).length).toBeLessThanOrEqual(61);
  });

  it.each([
    ['"Kyoto trip plan"', "Kyoto trip plan"],
    ["「京都旅行」。", "京都旅行"],
    ["  Trip planning.\n", "Trip planning"],
    ["", null],
    ["a".repeat(101), null],
  ])("cleans the model's title %j", (raw, title) => {
    expect(cleanModelTitle(raw)).toBe(title);
  });
});
