import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { SAME_ORIGIN } from "./support/same-origin";
import { StubModel } from "./support/stub-model";

// A conversation that outgrows the model's budget
// (docs/architecture.md § "The path of a run", step 5), at the server's default
// MODEL_CONTEXT_TOKENS (32768, 4096 kept for the answer: 28,672 for the request). Each exchange is
// ~10,000 tokens, so three of them fit and a fourth run must fold the oldest turns into the
// thread's summary. The person keeps seeing every message, a divider marks where the model's view
// starts, the summary opens under it, and the Context dialog says the conversation is summarised.
// Signs up once.

const BUDGET = "28,672";
const SUMMARY = "Earlier, the person asked about topics one to three; each answer listed their facts in order.";

const question = (n: number) => `Question ${n}: ${"please explain this topic in detail ".repeat(14)}?`;
// ~44,000 characters, ~10,000 tokens.
const answer = (n: number) => `Answer ${n}: ${"here are the facts of this topic, one after another. ".repeat(830)}`;

test("a long conversation is summarised for the model, visibly, and every message stays", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stub = new StubModel(request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({ name: "Ada", email: `ada-${Date.now()}@example.com`, password: "analytical-1843" });
  await expect(page).toHaveURL(/\/workspace$/);

  const { project } = await (
    await page.request.post("/api/projects", {
      data: { name: "Topics", instructions: "Answer in full." },
      headers: SAME_ORIGIN,
    })
  ).json();
  const { thread } = await (
    await page.request.post("/api/threads", {
      data: { projectId: project.id, title: "Long talk" },
      headers: SAME_ORIGIN,
    })
  ).json();

  await test.step("three long exchanges fit the budget whole", async () => {
    for (let n = 1; n <= 3; n += 1) {
      await stub.script([{ type: "text", text: answer(n), chunks: [answer(n)] }]);
      const run = await page.request.post(`/api/threads/${thread.id}/runs`, {
        data: { message: { text: question(n) } },
        headers: SAME_ORIGIN,
      });
      expect(run.status()).toBe(200);
      const stream = await run.text();
      expect(stream).toContain('"type":"finish"');
      expect(stream).not.toContain('"type":"error"');
    }
    expect((await stub.completionRequests()).filter((r) => !r.body?.stream)).toEqual([]);
    await page.goto(`/workspace/chats/${thread.id}`);
    await expect(chat.userMessages).toHaveCount(3);
    await expect(chat.assistantMessages).toHaveCount(3);
    await expect(page.getByTestId("summary-divider")).toHaveCount(0);
  });

  await test.step("the fourth message first summarises older turns, and the chat says so", async () => {
    // The summary call is held until released, so the notice is seen while it lasts.
    await stub.nonStreaming(SUMMARY, "summary");
    await stub.script([{ type: "text", text: "Answer 4: the fourth topic, briefly." }]);
    await chat.sendMessage(question(4));
    await expect(page.getByTestId("summarising-notice")).toHaveText(
      "Summarising earlier messages so the conversation fits the model…",
    );
    await expect(chat.assistantMessages).toHaveCount(3);
    await stub.release("summary");
    await expect(chat.assistantMessages.last()).toContainText("Answer 4: the fourth topic, briefly.");
    await expect(chat.idle()).toBeAttached();
    await expect(page.getByTestId("summarising-notice")).toHaveCount(0);
  });

  await test.step("the model got the summary as one data block instead of the oldest turns", async () => {
    const requests = await stub.completionRequests();
    const summaryCalls = requests.filter((r) => !r.body?.stream);
    expect(summaryCalls.length).toBeGreaterThan(0);
    // The project block is rendered fresh every run and never enters a summary.
    for (const call of summaryCalls) expect(JSON.stringify(call.body)).not.toContain("<project ");
    const last = requests.filter((r) => r.body?.stream).at(-1)!.body!;
    const texts = last.messages!.map((m) =>
      typeof m.content === "string"
        ? m.content
        : ((m.content ?? []) as { text?: string }[]).map((part) => part.text ?? "").join(""),
    );
    expect(last.messages![0]!.role).toBe("system");
    expect(texts[0]).not.toContain(SUMMARY);
    expect(last.messages![1]!.role).toBe("user");
    expect(texts[1]).toBe(`<conversation_summary>\n${SUMMARY}\n</conversation_summary>`);
    // (The system prompt names the tag in its rules; the block itself is one user message.)
    const userTexts = texts.filter((_, i) => last.messages![i]!.role === "user");
    expect(userTexts.filter((t) => t.includes("<conversation_summary>"))).toHaveLength(1);
    expect(userTexts.filter((t) => t.includes("<project "))).toHaveLength(1);
    expect(texts.join("\n")).not.toContain("Answer 1: here are the facts");
    expect(texts.at(-2)).toMatch(/^<project id=/);
    expect(texts.at(-1)).toBe(question(4));
  });

  // Where the summary ends, as the server stored it: the divider sits right after that message.
  const { summary } = await (await page.request.get(`/api/threads/${thread.id}/summary`)).json();
  expect(summary).toMatchObject({ text: SUMMARY, throughMessageId: expect.any(String) });
  const { messages } = await (await page.request.get(`/api/threads/${thread.id}/messages`)).json();
  const through = messages.findIndex((m: { id: string }) => m.id === summary.throughMessageId);
  expect(messages[through].role).toBe("assistant");
  // A stored answer's parts start with a step marker; its text is the text part.
  const foldedText = (messages[through].parts as { type: string; text?: string }[]).find(
    (p) => p.type === "text",
  )!.text!;
  const lastFolded = Number(/^Answer (\d+)/.exec(foldedText)![1]);
  expect(lastFolded).toBeGreaterThanOrEqual(1);
  expect(lastFolded).toBeLessThanOrEqual(3);

  await test.step("a divider marks the summarised turns, which stay on screen", async () => {
    const divider = page.getByTestId("summary-divider");
    await expect(divider).toHaveCount(1);
    await expect(page.getByRole("separator", { name: "Earlier messages are summarised for the model" })).toBeVisible();
    await expect(divider.locator("xpath=preceding-sibling::*[1]")).toContainText(`Answer ${lastFolded}: `);
    await expect(divider.locator("xpath=following-sibling::*[1]")).toContainText(`Question ${lastFolded + 1}: `);
    await expect(chat.userMessages).toHaveCount(4);
    await expect(chat.userMessages.first()).toContainText("Question 1: ");
    await expect(chat.assistantMessages.first()).toContainText("Answer 1: here are the facts");
  });

  await test.step("the summary opens in place, by keyboard", async () => {
    const toggle = page.getByTestId("summary-toggle");
    await expect(toggle).toHaveText("View summary", { useInnerText: true });
    await expect(page.getByTestId("summary-text")).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveText("Hide summary", { useInnerText: true });
    await expect(page.getByTestId("summary-text")).toContainText(SUMMARY);
    await expect(page.getByTestId("summary-text")).toContainText("The model no longer reads the messages above");
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="summary-divider"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("summary-text")).toBeHidden();
  });

  await test.step("the Context dialog shows the conversation's share of the budget", async () => {
    await page.getByTestId("context-button").click();
    const history = page.getByTestId("context-history");
    await expect(history).toContainText("Older messages are summarised for the model.");
    await expect(history).toContainText(new RegExp(`[\\d,]+ of ${BUDGET} tokens`));
    await expect(history).not.toContainText("Over the budget");
    await page.keyboard.press("Escape");
    const { history: numbers } = await (await page.request.get(`/api/threads/${thread.id}/context`)).json();
    expect(numbers).toMatchObject({ budgetTokens: 28672, summarizedThroughMessageId: summary.throughMessageId });
    expect(numbers.tokens).toBeLessThan(28672);
  });

  await test.step("after a reload, the divider is where it was", async () => {
    await page.reload();
    await expect(chat.userMessages).toHaveCount(4);
    await expect(page.getByTestId("summary-divider")).toHaveCount(1);
    await expect(page.getByTestId("summary-divider").locator("xpath=preceding-sibling::*[1]")).toContainText(
      `Answer ${lastFolded}: `,
    );
  });

  await test.step("a message too long for the model on its own fails before the model is called, saying so", async () => {
    const { thread: fresh } = await (
      await page.request.post("/api/threads", { data: { title: "Pasted" }, headers: SAME_ORIGIN })
    ).json();
    await stub.reset();
    await page.goto(`/workspace/chats/${fresh.id}`);
    // 78,000 characters (under the 100,000 a message may have) and ~48,000 tokens.
    await chat.sendMessage("预算报告说明，数字与事实。".repeat(6000));
    await expect(chat.error).toContainText(
      /This message is too long for the model's context window \(about [\d,]+ tokens, and a request to this model may carry at most 28,672\)/,
    );
    expect(await stub.completionRequests()).toEqual([]);
    // The message is kept, so it can be copied, shortened and sent again.
    await expect(chat.userMessages).toHaveCount(1);
  });

  await test.step("the model server's own context-length error is shown as such", async () => {
    const { thread: fresh } = await (
      await page.request.post("/api/threads", { data: { title: "Small model" }, headers: SAME_ORIGIN })
    ).json();
    await stub.contextLimit(2000);
    await page.goto(`/workspace/chats/${fresh.id}`);
    await chat.sendMessage("Hello");
    await expect(chat.error).toContainText(
      /The conversation is longer than the model accepts \(the model server said: This model's maximum context length is 500 tokens/,
    );
    await stub.contextLimit(null);
  });
});
