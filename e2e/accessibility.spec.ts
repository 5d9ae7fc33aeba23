import { expect, test, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { seriousViolations, switchColorScheme } from "./support/axe";
import { SAME_ORIGIN } from "./support/same-origin";
import { StubModel } from "./support/stub-model";

// Every page and every dialog opened on it: no axe violation of serious or critical impact,
// in light and in dark; and on a 390×844 phone, nothing wider than the screen. Signs up once.

const SCHEMES = ["light", "dark"] as const;

/** Runs axe in both colour schemes on what is on screen now. */
async function expectAccessible(page: Page, what: string) {
  for (const colorScheme of SCHEMES) {
    await switchColorScheme(page, colorScheme);
    // Soft: one run reports every page's and dialog's violations, not just the first.
    expect.soft(await seriousViolations(page), `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The page and its scrolling panes (the workspace scrolls inside <main>, not the document). */
async function expectNoHorizontalOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollWidth - window.innerWidth,
      ...[...document.querySelectorAll("main, [data-testid=message-list]")].map(
        (element) => element.scrollWidth - element.clientWidth,
      ),
    ),
  );
  expect.soft(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

test("every page and dialog is accessible in light and dark, and fits a phone", async ({ page, request }) => {
  test.setTimeout(240_000);
  const stub = new StubModel(request);
  await stub.reset();

  await page.goto("/sign-in");
  await expectAccessible(page, "sign-in");
  await page.goto("/sign-up");
  await expectAccessible(page, "sign-up");
  await new AuthPage(page).signUp({
    name: "Axe Tester",
    email: `axe-${Date.now()}@example.com`,
    password: "accessible-2026",
  });
  await expect(page).toHaveURL(/\/workspace$/);

  const { project } = await (
    await page.request.post("/api/projects", {
      headers: SAME_ORIGIN,
      data: { name: "Accessibility audit", instructions: "Be clear." },
    })
  ).json();
  const upload = await page.request.post(`/api/projects/${project.id}/documents`, {
    headers: SAME_ORIGIN,
    multipart: {
      file: {
        name: "a-rather-long-document-name-for-the-quarterly-review-2026.md",
        mimeType: "text/markdown",
        buffer: Buffer.from("# Review\n\nAll good."),
      },
    },
  });
  const { document } = await upload.json();
  const { thread } = await (
    await page.request.post("/api/threads", {
      headers: SAME_ORIGIN,
      data: { projectId: project.id, title: "A chat with a fairly long title to check it stays readable" },
    })
  ).json();

  const pages = [
    ["home", "/workspace"],
    ["project chats", `/workspace/projects/${project.id}`],
    ["project documents", `/workspace/projects/${project.id}?tab=documents`],
    ["project instructions", `/workspace/projects/${project.id}?tab=instructions`],
    ["project settings", `/workspace/projects/${project.id}?tab=settings`],
    ["chat", `/workspace/chats/${thread.id}`],
    ["trash", "/workspace/trash"],
    ["settings", "/workspace/settings"],
  ] as const;

  await test.step("a chat with an answer, a tool card and sources", async () => {
    await stub.script([
      { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: document.id } }] },
      {
        type: "text",
        text: "| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\nSee [docs](https://example.com).",
      },
    ]);
    await page.goto(`/workspace/chats/${thread.id}`);
    const chat = new ChatPanel(page);
    await chat.sendMessage("Summarise the review");
    await expect(chat.assistantMessages.last().getByRole("table")).toBeVisible();
    await expect(chat.idle()).toBeAttached();
  });

  for (const [name, url] of pages) {
    await test.step(`${name}: axe`, async () => {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, name);
    });
  }

  await test.step("dialogs: context, preview, new project, trash a document", async () => {
    const chat = new ChatPanel(page);
    await page.goto(`/workspace/chats/${thread.id}`);
    await page.getByTestId("context-button").click();
    await expect(page.getByTestId("context-report")).toBeVisible();
    await expectAccessible(page, "context dialog");
    await page.keyboard.press("Escape");

    await chat.assistantMessages.last().getByTestId("message-source").click();
    await expect(chat.preview.getByTestId("file-preview-highlight")).toBeVisible();
    await expectAccessible(page, "preview dialog");
    // The preview's text is reachable by keyboard: its content region takes focus.
    await page.getByTestId("file-preview-content").focus();
    await expect(page.getByTestId("file-preview-content")).toBeFocused();
    await page.keyboard.press("Escape");

    await page.goto("/workspace");
    await page.getByTestId("sidebar-new-project").click();
    await expect(page.getByTestId("new-project-dialog")).toBeVisible();
    await expectAccessible(page, "new project dialog");
    await page.keyboard.press("Escape");

    await page.goto(`/workspace/projects/${project.id}?tab=documents`);
    await page.getByTestId("document-trash").first().click();
    await expect(page.getByTestId("trash-document-dialog")).toBeVisible();
    await expectAccessible(page, "trash dialog");
    await page.keyboard.press("Escape");
  });

  await test.step("on a 390×844 phone nothing is wider than the screen, the title reads, tabs hint that they scroll", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [name, url] of pages) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalOverflow(page, name);
    }
    await page.goto(`/workspace/chats/${thread.id}`);
    const title = page.getByTestId("thread-title");
    expect((await title.boundingBox())!.width).toBeGreaterThan(200);
    // Nothing floats over the conversation: the Files button sits above it, not on it.
    const files = (await page.getByTestId("files-toggle").boundingBox())!;
    const list = (await page.getByTestId("message-list").boundingBox())!;
    expect(files.y + files.height).toBeLessThanOrEqual(list.y + 1);

    await page.goto(`/workspace/projects/${project.id}?tab=documents`);
    const name = page.getByTestId("document-name").first();
    expect((await name.boundingBox())!.height).toBeGreaterThan(25); // wraps to a second line instead of cutting the name
    await expectAccessible(page, "documents on a phone");
  });
});
