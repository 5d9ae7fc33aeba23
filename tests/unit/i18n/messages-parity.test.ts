import { describe, expect, it } from "vitest";
import { KNOWN_TOOLS } from "@/components/chat/tool-call-summary";
import * as toolNames from "@/lib/thread-messages/tool-names";
import enUS from "@/lib/i18n/messages/en-US.json";
import zhCN from "@/lib/i18n/messages/zh-CN.json";

// Every UI string exists in both languages, with the same ICU placeholders, and the Chinese
// one is a translation (not the English text copied over).

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * The argument names of an ICU message: "{count, plural, …}" and "{name}" alike. An argument
 * opens at an even brace depth; a select or plural branch body ("output {Output}") opens at
 * an odd one and is text, whose own arguments sit one level deeper again.
 */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    if (message[i] === "{") {
      if (depth % 2 === 0) {
        const name = /^\s*([A-Za-z_]\w*)/.exec(message.slice(i + 1))?.[1];
        if (name) names.add(name);
      }
      depth += 1;
    } else if (message[i] === "}") depth -= 1;
  }
  return [...names].sort();
}

const en = flatten(enUS as Messages);
const zh = flatten(zhCN as Messages);

describe("en-US and zh-CN messages", () => {
  it("have the same keys", () => {
    expect([...zh.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !zh.has(key))).toEqual([]);
  });

  it("use the same placeholders in every message", () => {
    const mismatched = [...en]
      .filter(([key, text]) => zh.has(key) && placeholders(text).join() !== placeholders(zh.get(key)!).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it("translate every message that has Latin words (brand names and formats aside)", () => {
    const untranslated = [...en].filter(
      ([key, text]) => zh.get(key) === text && /[a-z]{3,}/.test(text.replace(/\{[^}]*\}/g, "")),
    );
    expect(untranslated.map(([key]) => key).filter((key) => !KEEP_AS_IS.has(key))).toEqual([]);
  });

  it("title every tool the agent has in both languages (a tool card never shows a raw name)", () => {
    const tools: string[] = Object.values(toolNames);
    expect([...KNOWN_TOOLS].sort()).toEqual([...tools].sort());
    for (const tool of tools) {
      expect(en.get(`chat.tools.${tool}`), tool).toBeTruthy();
      expect(zh.get(`chat.tools.${tool}`), tool).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

// Strings that are the same in both languages on purpose.
const KEEP_AS_IS = new Set<string>([]);
