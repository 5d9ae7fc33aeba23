import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { ProjectPage } from "./pages/project-page";
import { expectAccessible } from "./support/axe";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// Project memory in the browser: the (scripted) agent proposes a note in a chat, the card
// survives a reload, Remember approves it, and a new chat of the project sends it to the model
// inside <memory>. Then the Memory section on the Instructions tab, checked with axe, and in
// Chinese. One sign-up in this file (better-auth allows 3 per 10 s in production builds).

const NOTE = "The client's fiscal year starts in April.";
/** A Chat Completions message's text, whether its content is a string or parts. */
const text = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: string }) => part.text ?? "").join("")
      : "";

test("propose → Remember → a new chat of the project carries the note; the Memory section", async ({
  page,
  context,
}) => {
  const stub = new StubModel(page.request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({
    name: "Grace Hopper",
    email: `grace-${Date.now()}@example.com`,
    password: "compiler-first",
  });
  await expect(page).toHaveURL(/\/workspace$/);

  const { project } = await (
    await page.request.post("/api/projects", { data: { name: "Client work" }, headers: SAME_ORIGIN })
  ).json();
  const newChat = async (title: string) =>
    (
      await (
        await page.request.post("/api/threads", { data: { projectId: project.id, title }, headers: SAME_ORIGIN })
      ).json()
    ).thread;
  const first = await newChat("Kick-off");

  await stub.script([
    {
      type: "tool-calls",
      calls: [
        { name: "propose_project_note", arguments: { text: NOTE, reason: "You mentioned it for every report." } },
      ],
    },
    { type: "text", text: "I proposed remembering the fiscal year for this project." },
  ]);
  await page.goto(`/workspace/chats/${first.id}`);
  await chat.sendMessage("Remember: our FY begins in spring, April in fact.");

  const card = page.getByTestId("note-card");
  await expect(card).toHaveAttribute("data-state", "proposed");
  await expect(card).toContainText(NOTE);
  await expect(card).toContainText("You mentioned it for every report.");
  await expectAccessible(page, "a chat with a proposal card");

  // The card is part of the stored answer: it is there after a reload, still undecided.
  await page.reload();
  await expect(card).toHaveAttribute("data-state", "proposed");
  await card.getByTestId("note-remember").focus();
  await page.keyboard.press("Enter");
  await expect(card).toHaveAttribute("data-state", "approved");
  await expect(card).toContainText("Remembered for this project");

  // A new chat in the project: the model receives the note in <memory>, after the instructions.
  const second = await newChat("Budget");
  await stub.reset();
  await stub.script([{ type: "text", text: "Your fiscal year starts in April." }]);
  await page.goto(`/workspace/chats/${second.id}`);
  await chat.sendMessage("When does our fiscal year start?");
  await expect(chat.assistantMessages.last()).toContainText("Your fiscal year starts in April.");
  const [request] = await stub.runRequests();
  const projectMessage = request!.body!.messages!.find(
    (m) => m.role === "user" && text(m.content).includes("<project "),
  );
  expect(text(projectMessage?.content)).toContain(`<memory count="1" shown="1">\n- ${NOTE}\n</memory>`);

  // The Memory section: the approved note with where it came from, and a note of one's own.
  const projectPage = new ProjectPage(page);
  await page.goto(`/workspace/projects/${project.id}`);
  await projectPage.openTab("instructions");
  const memory = page.getByTestId("memory-section");
  await expect(memory.getByTestId("memory-note")).toHaveCount(1);
  await expect(memory.getByTestId("memory-note")).toContainText(NOTE);
  await expect(memory.getByTestId("note-source-link")).toHaveAttribute(
    "href",
    new RegExp(`/workspace/chats/${first.id}#message-`),
  );
  await memory.getByTestId("memory-add-input").fill("Invoices are due in 30 days.");
  await memory.getByTestId("memory-add").click();
  await expect(memory.getByTestId("memory-note")).toHaveCount(2);
  await expect(memory.getByTestId("memory-note").first()).toContainText("Invoices are due in 30 days.");
  await expect(memory.getByTestId("memory-usage")).toContainText("2 notes");
  // The toast of the add is its own surface (checked by the accessibility pass); close it so axe
  // reads the section, not a toast in the middle of its entrance.
  await page.locator("[data-sonner-toast]").getByRole("button", { name: /close/i }).click();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectAccessible(page, "the Memory section");

  // Delete with Undo.
  await memory.getByRole("button", { name: /Delete the note: Invoices/ }).click();
  await expect(memory.getByTestId("memory-note")).toHaveCount(1);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(memory.getByTestId("memory-note")).toHaveCount(2);

  // The same section in Chinese: its strings come from the zh-CN dictionary.
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(memory.getByRole("heading", { name: "记忆" })).toBeVisible();
  const zh = JSON.parse(readFileSync(path.join(process.cwd(), "lib/i18n/messages/zh-CN.json"), "utf8"));
  await expect(memory).toContainText(zh.memory.description);
  await expect(memory.getByTestId("memory-add")).toHaveText(zh.memory.add);
  const shown = await memory.innerText();
  expect(shown).not.toContain("Short notes every chat in this project knows");
  expect(shown).not.toMatch(/\bmemory\.[a-zA-Z]+/);
});
