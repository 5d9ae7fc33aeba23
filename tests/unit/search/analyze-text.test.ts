import { describe, expect, it } from "vitest";
import { analyzeText } from "@/lib/search/analyze-text";

const lexemes = (text: string) => analyzeText(text).map((term) => term.lexeme);

describe("analyzeText", () => {
  it.each([
    ["stems English words so forms meet", "Modelling models modelled", ["model", "model", "model"]],
    ["drops stop words", "what is the flow of the air", ["flow", "air"]],
    ["folds case and accents", "Café ÜBER Naïve", ["cafe", "uber", "naiv"]],
    ["keeps numbers", "Mach 2.5 in 1958", ["mach", "2", "5", "1958"]],
    ["pairs Chinese characters", "年度预算", ["年度", "度预", "预算"]],
    ["keeps a lone character", "中 word", ["中", "word"]],
    ["splits mixed runs by script", "abc项目def", ["abc", "项目", "def"]],
    ["splits Japanese kana as pairs", "カタカナ", ["カタ", "タカ", "カナ"]],
    ["drops words longer than 40 characters", `${"x".repeat(41)} short`, ["short"]],
    ["is empty for punctuation only", "— … !!", []],
  ])("%s", (_, text, expected) => {
    expect(lexemes(text)).toEqual(expected);
  });

  it("numbers positions over every word, stop words included, for phrases", () => {
    expect(analyzeText("the boundary of a layer").map((t) => [t.lexeme, t.position])).toEqual([
      ["boundari", 2],
      ["layer", 5],
    ]);
  });

  it("gives each term its span in the text", () => {
    const text = "😀 Wings and 预算";
    for (const term of analyzeText(text)) expect(text.slice(term.start, term.end).length).toBeGreaterThan(0);
    const [wings, pair] = analyzeText(text);
    expect(text.slice(wings!.start, wings!.end)).toBe("Wings");
    expect(text.slice(pair!.start, pair!.end)).toBe("预算");
  });
});
