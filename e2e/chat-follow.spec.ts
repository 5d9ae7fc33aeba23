import { expect, test, type Locator, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// A reply in progress belongs to the server, not to the page that asked for it (issue 9,
// "Follow a run from anywhere"): reloading the page mid-answer shows the answer continuing,
// with Stop, through GET …/runs/{runId}/stream; an open chat picks up a reply started in another
// tab or over the API. Each test signs up once (better-auth limits sign-ups per IP).

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

test("an open chat picks up a reply started elsewhere: when it comes back into view, and when its own message is refused", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const stub = new StubModel(request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({ name: "Grace", email: `grace-${Date.now()}@example.com`, password: "cobol-1959!" });
  await expect(page).toHaveURL(/\/workspace$/);
  const { thread } = await (
    await page.request.post("/api/threads", { data: { title: "Two tabs" }, headers: SAME_ORIGIN })
  ).json();
  await page.goto(`/workspace/chats/${thread.id}`);
  await expect(chat.empty).toBeVisible();
  // The same chat in another tab of the same browser.
  const other = await context.newPage();
  const otherChat = new ChatPanel(other);
  await other.goto(`/workspace/chats/${thread.id}`);
  await expect(otherChat.empty).toBeVisible();

  await test.step("a reply started in another tab shows up live once this tab is back in view", async () => {
    const story = words("tale", 40);
    await stub.script([{ type: "text", text: story.join(" "), delayMs: 150 }]);
    await otherChat.sendMessage("Tell me a tale");
    await expect(otherChat.assistantMessages.last()).toContainText("tale3");
    // Nothing polls: the first tab still shows the empty chat.
    await expect(chat.userMessages).toHaveCount(0);

    await page.bringToFront();
    await page.evaluate(() => {
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("focus"));
    });
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.userMessages.first()).toContainText("Tell me a tale");
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("tale3");
    await expect(chat.stop).toBeVisible();
    const early = (await shownWords(reply, "tale")).length;
    expect(early).toBeLessThan(story.length);
    await expect.poll(async () => (await shownWords(reply, "tale")).length).toBeGreaterThan(early);
    await expect(reply).toContainText("tale40", { timeout: 30_000 });
    await expect(chat.idle()).toBeAttached();
    expect(await shownWords(reply, "tale")).toEqual(story);
    await expect(chat.assistantMessages).toHaveCount(1);
    expect(await stub.runRequests()).toHaveLength(1);
  });

  await test.step("a message refused because a reply started over the API is running: that reply is shown, the message kept", async () => {
    await stub.script([{ type: "text", text: "Held first. Then the rest of it.", gate: "api-run" }]);
    // Started over the HTTP API from the other tab, its answer left unread there.
    await other.evaluate(async (threadId) => {
      const response = await fetch(`/api/threads/${threadId}/runs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: { text: "Asked over the API" } }),
      });
      if (!response.ok) throw new Error(`the run was refused: ${response.status}`);
      (window as unknown as { apiRun: Response }).apiRun = response;
    }, thread.id);
    await expect.poll(async () => (await stub.runRequests()).at(-1)?.outcome).toBe("pending");

    await chat.sendMessage("My own question");
    await expect(chat.userMessages).toHaveCount(2);
    await expect(chat.userMessages.last()).toContainText("Asked over the API");
    await expect(chat.assistantMessages.last()).toContainText("Held");
    await expect(chat.stop).toBeVisible();
    await expect(page.getByTestId("chat-elsewhere-note")).toBeVisible();
    await expect(chat.error).toHaveCount(0);
    await expect(chat.input).toHaveValue("My own question");

    await stub.release("api-run");
    await expect(chat.assistantMessages.last()).toContainText("Then the rest of it.");
    await expect(chat.idle()).toBeAttached();
    await stub.script([{ type: "text", text: "Now yours." }]);
    await chat.send.click();
    await expect(chat.assistantMessages.last()).toContainText("Now yours.");
    await expect(chat.userMessages).toHaveCount(3);
    await expect(chat.userMessages.last()).toContainText("My own question");
    await expect(page.getByTestId("chat-elsewhere-note")).toHaveCount(0);
    await expect(chat.error).toHaveCount(0);
  });
});
