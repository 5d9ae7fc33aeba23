import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ProjectPage } from "./pages/project-page";
import { SAME_ORIGIN } from "./support/same-origin";

// A zh-CN pass over the documents and trash screens: every string shown comes from the
// Chinese dictionary, so no English sentence of those screens, and no raw message key,
// appears on them.

const enUS = JSON.parse(readFileSync(path.join(process.cwd(), "lib/i18n/messages/en-US.json"), "utf8")) as Record<
  string,
  unknown
>;

/** en-US sentences (three words or more, placeholders removed) of the given namespaces. */
function englishSentences(...namespaces: string[]): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      const plain = value.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "").trim();
      if (plain.split(/\s+/).length >= 3) out.push(plain);
    } else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  namespaces.forEach((ns) => walk(enUS[ns]));
  return out;
}

async function expectChineseOnly(page: Page, namespaces: string[]) {
  const text = await page.locator("main").innerText();
  expect(text).toMatch(/[\u4e00-\u9fff]/);
  expect(englishSentences(...namespaces).filter((sentence) => text.includes(sentence))).toEqual([]);
  expect(text).not.toMatch(/\b(documents|trash|common|errors)\.[a-zA-Z]+/);
}

test("the documents tab and the trash in Chinese", async ({ page, context }) => {
  await new AuthPage(page).signUp({
    name: "李雷",
    email: `lilei-${Date.now()}@example.com`,
    password: "correct horse battery",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: new URL(page.url()).origin }]);

  const { project } = await (
    await page.request.post("/api/projects", { data: { name: "旅行计划" }, headers: SAME_ORIGIN })
  ).json();
  for (const name of ["行程.md", "预算.csv"]) {
    const upload = await page.request.post(`/api/projects/${project.id}/documents`, {
      multipart: { file: { name, mimeType: "text/plain", buffer: Buffer.from(`# ${name}\n内容`) } },
      headers: SAME_ORIGIN,
    });
    expect(upload.status()).toBe(201);
  }

  const projectPage = new ProjectPage(page);
  await page.goto(`/workspace/projects/${project.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await projectPage.openTab("documents");
  await expect(page.getByTestId("document-row")).toHaveCount(2);
  await expectChineseOnly(page, ["documents", "common"]);

  // Trash one document, then look at the trash.
  const { documents } = await (await page.request.get(`/api/projects/${project.id}/documents`)).json();
  expect(
    (
      await page.request.delete(`/api/projects/${project.id}/documents/${documents[0].id}`, { headers: SAME_ORIGIN })
    ).status(),
  ).toBe(204);
  await page.goto("/workspace/trash");
  await expect(page.getByTestId("trash-row")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("回收站");
  await expectChineseOnly(page, ["trash", "common"]);
});
