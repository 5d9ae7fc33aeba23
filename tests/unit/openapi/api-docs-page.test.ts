import { createTranslator } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import enUS from "@/lib/i18n/messages/en-US.json";
import zhCN from "@/lib/i18n/messages/zh-CN.json";
import { openApiDocument } from "@/lib/openapi/document";

// /docs/api rendered on the server, as the page does: every operation of the generated
// document shows with its method, path and summary, grouped by tag; and the markup carries
// nothing a strict CSP would refuse (no script, no inline style or handler, nothing from
// another host). The page's own e2e spec checks the same in a browser.

const locale = vi.hoisted(() => ({ current: "en-US" as "en-US" | "zh-CN" }));
vi.mock("next-intl/server", () => ({
  getTranslations: async (namespace: string) =>
    createTranslator({
      locale: locale.current,
      messages: (locale.current === "en-US" ? enUS : zhCN) as never,
      namespace: namespace as never,
    }),
}));

async function renderPage(): Promise<string> {
  const { default: ApiDocsPage } = await import("@/app/docs/api/page");
  return renderToStaticMarkup(createElement("div", null, await ApiDocsPage()));
}

type Json = Record<string, any>;
const operations = Object.entries(openApiDocument().paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, operation]) => ({ path, method, operation: operation as Json })),
);

describe("the API reference page", () => {
  it("shows every operation with its method, path and summary, in its tag's section", async () => {
    const html = await renderPage();
    expect(html).toContain("<h1");
    expect(html.match(/data-testid="api-operation"/g)?.length).toBe(operations.length);
    for (const { path, method, operation } of operations) {
      const article = new RegExp(`<article id="op-${operation.operationId}"[\\s\\S]*?</article>`).exec(html)?.[0];
      expect(article, `${method} ${path}`).toBeDefined();
      expect(article).toContain(`>${method}</span>`);
      expect(article).toContain(path.replace(/&/g, "&amp;"));
    }
    for (const tag of openApiDocument().tags ?? []) expect(html).toContain(`>${tag.name}</h2>`);
    expect(html).toContain("Session cookie or API token");
    expect(html).toContain('href="/api/openapi.json"');
  });

  it("links every schema reference to a schema on the page", async () => {
    const html = await renderPage();
    const targets = new Set([...html.matchAll(/href="#(schema-[^"]+)"/g)].map((m) => m[1]!));
    expect(targets.size).toBeGreaterThan(10);
    for (const target of targets) expect(html, target).toContain(`id="${target}"`);
    const anchors = new Set([...html.matchAll(/href="#(op-[^"]+|tag-[^"]+)"/g)].map((m) => m[1]!));
    for (const anchor of anchors) expect(html, anchor).toContain(`id="${anchor}"`);
  });

  it("carries nothing a strict CSP refuses, and loads nothing from another host", async () => {
    const html = await renderPage();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\sstyle="/i);
    expect(html).not.toMatch(/\son[a-z]+="/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
  });

  it("speaks the reader's language around the document's English", async () => {
    locale.current = "zh-CN";
    try {
      const html = await renderPage();
      expect(html).toContain("API 参考");
      expect(html).toContain('lang="en"');
    } finally {
      locale.current = "en-US";
    }
  });
});
