import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "@/lib/search/parse-search-query";

describe("parseSearchQuery", () => {
  it.each([
    // Neighbours make a pair; "laws … obeyed" are three words apart, too far.
    [
      "what similarity laws must be obeyed?",
      ["similar", "law", "obei"],
      [],
      ["'similar' <1> 'law' | 'similar' <2> 'law'"],
    ],
    [
      '"boundary layer" thickness',
      ["boundari", "layer", "thick"],
      ["'boundari' <-> 'layer'"],
      ["'boundari' <1> 'layer' | 'boundari' <2> 'layer'", "'layer' <1> 'thick' | 'layer' <2> 'thick'"],
    ],
    ['"flow of the air"', ["flow", "air"], ["'flow' <3> 'air'"], []],
    ['"the"', [], [], []],
    [
      "年度预算",
      ["年度", "度预", "预算"],
      [],
      ["'年度' <1> '度预' | '年度' <2> '度预'", "'度预' <1> '预算' | '度预' <2> '预算'"],
    ],
    ["models model", ["model"], [], []],
  ])("%s", (text, lexemes, phrases, pairs) => {
    expect(parseSearchQuery(text)).toEqual({ lexemes, phrases, pairs });
  });
});
