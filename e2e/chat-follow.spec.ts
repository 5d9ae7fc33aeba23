import { expect, test, type Locator, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// A reply in progress belongs to the server, not to the page that asked for it (issue 9,
// "Follow a run from anywhere"): reloading the page mid-answer shows the answer continuing,
// with Stop, through GET …/runs/{runId}/stream. Signs up once (better-auth limits sign-ups per IP).

const words = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

/** The words of one prefix a reply shows, in order. */
async function shownWords(reply: Locator, prefix: string): Promise<string[]> {
  return (await reply.innerText()).match(new RegExp(`\\b${prefix}\\d+\\b`, "g")) ?? [];
}

/** The last saved answer's text, as the server kept it. */
async function storedAnswer(page: Page, threadId: string): Promise<string> {
  const { messages } = (await (await page.request.get(`/api/threads/${threadId}/messages`)).json()) as {
    messages: { role: string; parts: { type: string; text?: string }[] }[];
  };
  const answer = messages.filter((message) => message.role === "assistant").at(-1);
  return (answer?.parts ?? []).map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("");
}

test("a reply in progress survives a reload: it keeps growing to its end, and Stop still stops it", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stub = new StubModel(request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({ name: "Kay", email: `kay-${Date.now()}@example.com`, password: "dynabook-1972" });
  await expect(page).toHaveURL(/\/workspace$/);
  const { thread } = await (
    await page.request.post("/api/threads", { data: { title: "Follow me" }, headers: SAME_ORIGIN })
  ).json();
  await page.goto(`/workspace/chats/${thread.id}`);
  await expect(chat.empty).toBeVisible();

  await test.step("reloaded mid-answer, the answer continues live and completes, shown once", async () => {
    const story = words("word", 60);
    await stub.script([{ type: "text", text: story.join(" "), delayMs: 200 }]);
    await chat.sendMessage("Tell me a story");
    await expect(chat.assistantMessages.last()).toContainText("word3");

    await page.reload();
    const reply = chat.assistantMessages.last();
    // Replayed from its start, then live: the Stop button is there and the text grows.
    await expect(reply).toContainText("word3");
    await expect(chat.stop).toBeVisible();
    const early = (await shownWords(reply, "word")).length;
    expect(early).toBeLessThan(story.length);
    await expect.poll(async () => (await shownWords(reply, "word")).length).toBeGreaterThan(early);
    await expect(reply).toContainText("word60", { timeout: 30_000 });
    await expect(chat.idle()).toBeAttached();
    await expect(chat.send).toBeVisible();
    expect(await shownWords(reply, "word")).toEqual(story);
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.assistantMessages).toHaveCount(1);

    // The reload stopped nothing: one model request, answered to its end, and saved whole.
    const runs = await stub.runRequests();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.outcome).toBe("completed");
    expect(await storedAnswer(page, thread.id)).toBe(story.join(" "));
    await page.reload();
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.assistantMessages.last()).toContainText("word60");
  });

  await test.step("Stop after a reload stops the reply where it is, on the page and at the model", async () => {
    const story = words("part", 80);
    await stub.script([{ type: "text", text: story.join(" "), delayMs: 200 }]);
    await chat.sendMessage("Tell me a longer one");
    await expect(chat.assistantMessages).toHaveCount(2);
    await expect(chat.assistantMessages.last()).toContainText("part3");

    await page.reload();
    await expect(chat.assistantMessages).toHaveCount(2);
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("part3");
    const before = (await shownWords(reply, "part")).length;
    await expect.poll(async () => (await shownWords(reply, "part")).length).toBeGreaterThan(before);
    await chat.stop.click();
    await expect(chat.idle()).toBeAttached();
    await expect(chat.send).toBeVisible();
    await expect.poll(async () => (await stub.runRequests()).at(-1)?.outcome).toBe("aborted");

    // Honest Stop: the page shows exactly what the server kept, and both stop short of the end.
    const shown = await shownWords(reply, "part");
    expect(shown.length).toBeGreaterThan(before);
    expect(shown.length).toBeLessThan(story.length);
    expect(shown).toEqual(story.slice(0, shown.length));
    expect((await storedAnswer(page, thread.id)).trim()).toBe(shown.join(" "));
    await page.reload();
    await expect(chat.assistantMessages).toHaveCount(2);
    expect(await shownWords(chat.assistantMessages.last(), "part")).toEqual(shown);
  });

  await test.step("after the stop the chat takes the next message at once", async () => {
    await stub.script([{ type: "text", text: "Short and done." }]);
    await chat.sendMessage("Just a short one");
    await expect(chat.assistantMessages.last()).toContainText("Short and done.");
    await expect(chat.error).toHaveCount(0);
  });
});
