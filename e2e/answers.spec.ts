import { expect, test, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// Answers people can trust: rendered Markdown, safe links, read receipts that open the exact
// slice, and the context panel. Signs up once (better-auth limits sign-ups per IP).

const PLAN = `Launch plan\n${"Background that nobody needs. ".repeat(8)}The launch is on the 3rd of March.\nMore text after the key sentence.`;
const KEY = "The launch is on the 3rd of March.";

async function createProjectChat(page: Page) {
  const { project } = await (
    await page.request.post("/api/projects", {
      data: { name: "Launch", instructions: "Answer briefly." },
      headers: SAME_ORIGIN,
    })
  ).json();
  const upload = await page.request.post(`/api/projects/${project.id}/documents`, {
    headers: SAME_ORIGIN,
    multipart: { file: { name: "plan.txt", mimeType: "text/plain", buffer: Buffer.from(PLAN) } },
  });
  const { document } = await upload.json();
  const { thread } = await (
    await page.request.post("/api/threads", { data: { projectId: project.id }, headers: SAME_ORIGIN })
  ).json();
  return { project, document, thread };
}

test("answers render like peers, show their sources, and the context is visible", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stub = new StubModel(request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({ name: "Ada", email: `ada-${Date.now()}@example.com`, password: "analytical-1843" });
  await expect(page).toHaveURL(/\/workspace$/);
  const { document, thread } = await createProjectChat(page);
  await page.goto(`/workspace/chats/${thread.id}`);

  await test.step("a table renders as a table; links are safe; raw HTML stays text", async () => {
    const answer = [
      "| City | Days |",
      "| --- | --- |",
      "| Lisbon | 3 |",
      "| Porto | 2 |",
      "",
      "- [x] book flights",
      "- [ ] pack",
      "",
      "See [the guide](https://example.com/guide) or [this](javascript:alert(1)). <b>not bold</b>",
    ].join("\n");
    await stub.script([{ type: "text", text: answer, delayMs: 10 }], "Trip");
    await chat.sendMessage("Plan it");
    const reply = chat.assistantMessages.last();
    const table = reply.getByRole("table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("cell", { name: "Porto" })).toBeVisible();
    await expect(reply.getByRole("checkbox")).toHaveCount(2);
    const guide = reply.getByRole("link", { name: "the guide" });
    await expect(guide).toHaveAttribute("href", "https://example.com/guide");
    await expect(guide).toHaveAttribute("rel", "noopener noreferrer");
    await expect(guide).toHaveAttribute("target", "_blank");
    await expect(reply.getByRole("link", { name: "this" })).toHaveCount(0);
    await expect(reply).toContainText("<b>not bold</b>");
    await expect(reply.locator("b")).toHaveCount(0);
    await expect(reply).not.toContainText("| City |");
  });

  await test.step("the tool card names the document and the answer lists it as a source that opens at the range read", async () => {
    const offset = PLAN.indexOf(KEY);
    await stub.script([
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: document.id, offset, limit: KEY.length } }],
      },
      { type: "text", text: "It launches on the 3rd of March." },
    ]);
    await chat.sendMessage("When is the launch?");
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("It launches on the 3rd of March.");
    await expect(chat.toolCalls.last().getByTestId("tool-call-subject")).toHaveText("plan.txt");
    await expect(chat.toolCalls.last()).not.toContainText(document.id);
    const source = reply.getByTestId("message-source");
    await expect(source).toHaveText("plan.txt");
    await source.click();
    await expect(chat.preview.getByTestId("file-preview-highlight")).toHaveText(KEY);
    await expect(chat.preview.getByTestId("file-preview-highlight")).toBeInViewport();
    await page.keyboard.press("Escape");

    // After a reload the stored sources say the same, and a trashed document says so.
    await page.request.delete(`/api/projects/${document.projectId}/documents/${document.id}`, { headers: SAME_ORIGIN });
    await page.reload();
    const stored = chat.assistantMessages.last().getByTestId("message-source");
    await expect(stored).toHaveAttribute("data-available", "false");
    await expect(stored).toContainText("in the trash or deleted");
  });

  await test.step("the context panel shows what the next run receives", async () => {
    await page.getByTestId("context-button").click();
    const dialog = page.getByTestId("context-dialog");
    await expect(dialog.getByTestId("context-instructions")).toContainText("15 / 8,192 bytes");
    await expect(dialog.getByTestId("context-index-entries")).toContainText("0 of 0");
    await expect(dialog.getByTestId("context-all-listed")).toHaveText("The project has no documents yet.");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
  await test.step("after Stop on a fast stream, the reply on screen is the text the server stored", async () => {
    await stub.script([
      { type: "text", text: "", chunks: Array.from({ length: 3000 }, (_, i) => `w${i} `), delayMs: 4 },
    ]);
    await chat.sendMessage("Count for a long time");
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("w150");
    await chat.stop.click();
    await expect(chat.idle()).toBeAttached();
    const shown = (await reply.locator(".markdown").innerText()).replace(/\s+/g, " ").trim();
    const { messages } = await (await page.request.get(`/api/threads/${thread.id}/messages`)).json();
    const stored = (messages.at(-1).parts as { type: string; text?: string }[])
      .filter((p) => p.type === "text")
      .map((p) => p.text)
      .join("")
      .replace(/\s+/g, " ")
      .trim();
    expect(shown.length).toBeGreaterThan(0);
    expect(stored).not.toContain("w2999");
    expect(shown).toBe(stored);
  });

  await test.step("an HTML output previews as a page in a sandbox, its source one click away", async () => {
    await stub.script([
      {
        type: "tool-calls",
        calls: [
          {
            name: "write_output_file",
            arguments: {
              name: "page.html",
              content: '<h1>Hello page</h1><script>parent.document.title = "pwned"</script>',
            },
          },
        ],
      },
      { type: "text", text: "Saved the page." },
    ]);
    await chat.sendMessage("Write a page");
    await chat.outputCards.filter({ hasText: "page.html" }).getByTestId("file-card-preview").click();
    const frame = chat.preview.getByTestId("file-preview-html");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(
      page.frameLocator('[data-testid="file-preview-html"]').getByRole("heading", { name: "Hello page" }),
    ).toBeVisible();
    expect(await page.title()).not.toBe("pwned");
    await chat.preview.getByTestId("file-preview-html-toggle").click();
    await expect(chat.preview.getByTestId("file-preview-text")).toContainText("<script>");
    await page.keyboard.press("Escape");
  });

  await test.step("the home composer starts a chat in a chosen project with the message already sent", async () => {
    await page.goto("/workspace");
    await stub.script([{ type: "text", text: "Hello from the project chat." }]);
    await page.getByTestId("home-composer-input").fill("Hello from home");
    await page.getByTestId("home-composer-project").selectOption({ label: "Launch" });
    await page.getByTestId("home-composer-send").click();
    await expect(page).toHaveURL(/\/workspace\/chats\/[^/]+$/);
    await expect(chat.userMessages.last()).toHaveText("Hello from home");
    await expect(chat.assistantMessages.last()).toContainText("Hello from the project chat.");
    await expect(page.getByTestId("thread-project-badge")).toHaveText("Launch");
    // A reload shows the history once: the message was sent once, not again.
    await page.reload();
    await expect(chat.userMessages).toHaveCount(1);
  });
});
