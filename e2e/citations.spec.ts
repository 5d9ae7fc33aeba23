import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { tinyPdf } from "../tests/support/tiny-pdf";
import { expectAccessible } from "./support/axe";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// Answers you can verify: `[n]` chips while the answer streams, the quote on hover or focus,
// the preview at the passage (a PDF at its page), an invented number left as text, a trashed
// document's chip saying so, and a phone's sheet. Signs up once (sign-ups are limited per IP).

const PLAN = `Launch plan\n${"Background that nobody needs. ".repeat(8)}The launch is on the 3rd of March.\nMore text after the key sentence.`;
const KEY = "The launch is on the 3rd of March.";
const zhCN = JSON.parse(readFileSync(path.join(process.cwd(), "lib/i18n/messages/zh-CN.json"), "utf8"));

async function upload(page: Page, projectId: string, name: string, mimeType: string, buffer: Buffer) {
  const response = await page.request.post(`/api/projects/${projectId}/documents`, {
    headers: SAME_ORIGIN,
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).document as { id: string; projectId: string };
}

test("citations render as chips that show their quote and open the passage", async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const stub = new StubModel(request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({ name: "Cy", email: `cy-${Date.now()}@example.com`, password: "analytical-1843" });
  await expect(page).toHaveURL(/\/workspace$/);
  const { project } = await (
    await page.request.post("/api/projects", { data: { name: "Launch" }, headers: SAME_ORIGIN })
  ).json();
  const plan = await upload(page, project.id, "plan.txt", "text/plain", Buffer.from(PLAN));
  const manual = await upload(
    page,
    project.id,
    "manual.pdf",
    "application/pdf",
    Buffer.from(tinyPdf(["Setup and unpacking", "The quarterly zephyr audit"])),
  );
  const { thread } = await (
    await page.request.post("/api/threads", { data: { projectId: project.id }, headers: SAME_ORIGIN })
  ).json();
  await page.goto(`/workspace/chats/${thread.id}`);

  await test.step("chips appear while the answer streams; an invented number stays text", async () => {
    const offset = PLAN.indexOf(KEY);
    await stub.script([
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: plan.id, offset, limit: KEY.length } }],
      },
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: plan.id, offset: 0, limit: 11 } }],
      },
      {
        type: "text",
        text: "",
        chunks: [
          "It launches on the 3rd of March [1], ",
          "says the plan [2]. ",
          "Nobody said [7]. ",
          ...Array(200).fill("More. "),
        ],
        delayMs: 25,
      },
    ]);
    await chat.sendMessage("When is the launch?");
    const reply = chat.assistantMessages.last();
    await expect(reply.getByRole("button", { name: "Source 2: plan.txt" })).toBeVisible();
    await expect(chat.stop).toBeVisible(); // still streaming
    await expect(reply.getByRole("button", { name: "Source 1: plan.txt" })).toBeVisible();
    await expect(reply).toContainText("Nobody said [7].");
    await expect(chat.idle()).toBeAttached();
    await expect(reply.getByTestId("citation")).toHaveCount(2);

    // Focus shows the quote and the document's name; Enter opens the preview at the passage.
    const first = reply.getByTestId("citation").first();
    await first.getByRole("button").focus();
    const tooltip = first.getByTestId("citation-tooltip");
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText("plan.txt");
    await expect(tooltip).toContainText(KEY);
    await expectAccessible(page, "an answer with citations, a quote shown");
    await page.keyboard.press("Enter");
    await expect(chat.preview.getByTestId("file-preview-highlight")).toHaveText(KEY);
    await page.keyboard.press("Escape");

    // Hover shows the other quote.
    await reply.getByRole("button", { name: "Source 2: plan.txt" }).hover();
    await expect(reply.getByTestId("citation").nth(1).getByTestId("citation-tooltip")).toContainText("Launch plan");
  });

  await test.step("a PDF's citation names its page and opens the viewer there", async () => {
    const markdown = await (
      await page.request.get(`/api/projects/${project.id}/documents/${manual.id}/content?as=markdown`)
    ).text();
    const offset = markdown.indexOf("The quarterly zephyr audit");
    expect(offset).toBeGreaterThan(0);
    await stub.script([
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: manual.id, offset, limit: 20 } }],
      },
      { type: "text", text: "The audit is quarterly [1]." },
    ]);
    await chat.sendMessage("How often is the audit?");
    const chip = chat.assistantMessages.last().getByRole("button", { name: "Source 1: manual.pdf, page 2" });
    await chip.click();
    await expect(chat.preview.getByTestId("file-preview-pdf")).toHaveAttribute("src", /#page=2$/);
    await page.keyboard.press("Escape");
  });

  await test.step("after a reload the stored citation says when its document left the shelf", async () => {
    await page.request.delete(`/api/projects/${project.id}/documents/${plan.id}`, { headers: SAME_ORIGIN });
    await page.reload();
    // Both of the first answer's chips cite plan.txt.
    const gone = chat.assistantMessages.first().getByTestId("citation").first().getByRole("button");
    await expect(gone).toHaveAttribute("data-available", "false");
    await gone.hover();
    await expect(chat.assistantMessages.first().getByTestId("citation-tooltip").first()).toContainText(
      "No longer on the shelf",
    );
    await gone.click();
    await expect(chat.preview).toBeHidden();
  });

  await test.step("on a phone the quote opens as a sheet with a way to the passage", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await chat.assistantMessages.last().getByRole("button", { name: "Source 1: manual.pdf, page 2" }).click();
    const sheet = page.getByTestId("citation-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText("The quarterly zephyr");
    await expectAccessible(page, "the citation sheet on a phone");
    await sheet.getByRole("button", { name: "Open at this passage" }).click();
    await expect(chat.preview.getByTestId("file-preview-pdf")).toHaveAttribute("src", /#page=2$/);
  });

  await test.step("in Chinese the chip, the sheet and its action read in Chinese", async () => {
    await page.keyboard.press("Escape");
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: new URL(page.url()).origin }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    const name = zhCN.chat.citationLabel
      .replace("{n}", "1")
      .replace("{name}", zhCN.chat.citationPage.replace("{name}", "manual.pdf").replace("{page}", "2"));
    await chat.assistantMessages.last().getByRole("button", { name }).click();
    const sheet = page.getByTestId("citation-sheet");
    await expect(sheet.getByRole("button", { name: zhCN.chat.citationOpen })).toBeVisible();
    await expectAccessible(page, "the citation sheet in Chinese");
    await context.clearCookies({ name: "NEXT_LOCALE" });
  });
});
