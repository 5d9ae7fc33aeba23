import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { ProjectPage } from "./pages/project-page";
import { expectAccessible } from "./support/axe";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// Notes are read rendered, not as raw Markdown (issue 35): on the proposal card in a chat, in
// the Memory list and in the trash, by the app's one Markdown renderer, so raw HTML stays text
// and a link is a safe link. Labels for screen readers read the words without the marks. One
// sign-up in this file (better-auth allows 3 per 10 s in production builds).

const NOTE = "Cite sources in **APA 7**, see [the guide](https://apastyle.apa.org) <b>now</b>";

test("a note's Markdown renders on the proposal card, in Memory and in the trash", async ({ page }) => {
  const stub = new StubModel(page.request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({
    name: "Ida Notes",
    email: `ida-notes-${Date.now()}@example.com`,
    password: "rendered-notes-please",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  const { project } = await (
    await page.request.post("/api/projects", { data: { name: "Thesis" }, headers: SAME_ORIGIN })
  ).json();
  const { thread } = await (
    await page.request.post("/api/threads", { data: { projectId: project.id, title: "Style" }, headers: SAME_ORIGIN })
  ).json();

  await stub.script([
    {
      type: "tool-calls",
      calls: [{ name: "propose_project_note", arguments: { text: NOTE, reason: "Asked twice." } }],
    },
    { type: "text", text: "I proposed remembering the citation style." },
  ]);
  await page.goto(`/workspace/chats/${thread.id}`);
  await chat.sendMessage("Always cite in APA 7.");

  await test.step("the proposal card shows the note rendered", async () => {
    const card = page.getByTestId("note-card");
    await expect(card).toHaveAttribute("data-state", "proposed");
    const note = card.getByTestId("note-text");
    await expect(note.locator("strong")).toHaveText("APA 7");
    await expect(note.getByRole("link", { name: "the guide" })).toHaveAttribute(
      "href",
      /^https:\/\/apastyle\.apa\.org\/?$/,
    );
    await expect(note).not.toContainText("**");
    // Raw HTML is shown as the characters it is, never as an element.
    await expect(note.locator("b")).toHaveCount(0);
    await expect(note).toContainText("<b>now</b>");
    await expectAccessible(page, "a proposal card with Markdown");
    await card.getByTestId("note-remember").click();
    await expect(card).toHaveAttribute("data-state", "approved");
    await expect(card.getByTestId("note-text").locator("strong")).toHaveText("APA 7");
  });

  const memory = page.getByTestId("memory-section");
  await test.step("the Memory list shows it rendered, its buttons named by the words alone", async () => {
    await page.goto(`/workspace/projects/${project.id}`);
    await new ProjectPage(page).openTab("instructions");
    const item = memory.getByTestId("memory-note");
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId("note-text").locator("strong")).toHaveText("APA 7");
    await expect(item).not.toContainText("**");
    await expect(
      item.getByRole("button", { name: /^Delete the note: Cite sources in APA 7, see the guide/ }),
    ).toBeVisible();
  });

  await test.step("the trash shows the deleted note rendered", async () => {
    await memory.getByRole("button", { name: /^Delete the note: Cite sources/ }).click();
    await expect(memory.getByTestId("memory-note")).toHaveCount(0);
    await page.goto("/workspace/trash");
    const trashed = page.getByTestId("trashed-note");
    await expect(trashed).toHaveCount(1);
    await expect(trashed.getByTestId("note-text").locator("strong")).toHaveText("APA 7");
    await expect(trashed).not.toContainText("**");
    await expect(trashed.getByRole("button", { name: /^Restore note: Cite sources in APA 7/ })).toBeVisible();
    await expectAccessible(page, "the trash with a Markdown note");
  });
});
