import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { ThreadPage } from "./pages/thread-page";
import { WorkspaceShell } from "./pages/workspace-shell";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// One journey through a chat against the scripted stub model. better-auth allows 3
// sign-ups per 10 s per IP in production builds: this file signs up exactly once.

const ITINERARY = "# Lisbon in three days\n\nDay 1: Alfama and the castle\nDay 2: Belém\nDay 3: Sintra";

test("a chat streams, uses tools, takes files, stops and regenerates", async ({ page, request }) => {
  test.setTimeout(150_000);
  const stub = new StubModel(request);
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const thread = new ThreadPage(page);
  const chat = new ChatPanel(page);
  await stub.reset();

  await test.step("sign up and start a new chat", async () => {
    await auth.signUp({ name: "Grace Hopper", email: `grace-${Date.now()}@example.com`, password: "compiler-1952" });
    await expect(page).toHaveURL(/\/workspace$/);
    await shell.newChat.click();
    await expect(page).toHaveURL(/\/workspace\/chats\/[^/]+$/);
    await expect(chat.empty).toBeVisible();
    await expect(chat.send).toBeDisabled();
  });
  const threadId = page.url().split("/").at(-1)!;

  await test.step("a reply streams in word by word", async () => {
    const answer =
      "Lisbon is lovely in spring. Start in Alfama, walk up to the castle, then take tram 28 across town before dinner.";
    await stub.script([{ type: "text", text: answer, delayMs: 150 }], "Trip planning");
    await chat.sendMessage("Plan a trip to Lisbon");
    await expect(chat.userMessages.last()).toHaveText("Plan a trip to Lisbon");
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("Lisbon is");
    await expect(chat.stop).toBeVisible();
    const early = (await reply.innerText()).length;
    await expect.poll(async () => (await reply.innerText()).length, { timeout: 5_000 }).toBeGreaterThan(early);
    await expect(reply).toContainText(answer);
    await expect(chat.idle()).toBeAttached();
    await expect(chat.send).toBeVisible();
  });

  await test.step("the chat gets its title after the first exchange", async () => {
    await expect(thread.title).toHaveText("Trip planning");
    await expect(shell.sidebar.getByTestId("sidebar-chat").filter({ hasText: "Trip planning" })).toBeVisible();
  });

  await test.step("a tool call is shown as a card, with the file it wrote", async () => {
    await stub.script([
      {
        type: "tool-calls",
        calls: [{ name: "write_output_file", arguments: { name: "itinerary.md", content: ITINERARY } }],
      },
      { type: "text", text: "I saved the itinerary as itinerary.md." },
    ]);
    await chat.sendMessage("Save the itinerary as a file");
    const call = chat.toolCalls.last();
    await expect(call).toHaveAttribute("data-tool", "write_output_file");
    await expect(call).toHaveAttribute("data-tool-state", "done");
    await expect(call).toContainText("Saved a file");
    await expect(call.getByTestId("tool-call-subject")).toHaveText("itinerary.md");
    await expect(chat.assistantMessages.last()).toContainText("I saved the itinerary as itinerary.md.");

    // The raw input and result stay folded until asked for.
    await expect(call.getByTestId("tool-call-details")).toBeHidden();
    await call.getByTestId("tool-call-toggle").click();
    await expect(call.getByTestId("tool-call-details")).toContainText('"written"');

    const card = chat.outputCards.filter({ hasText: "itinerary.md" });
    await expect(card).toBeVisible();
    await card.getByTestId("file-card-preview").click();
    await expect(chat.preview).toBeVisible();
    await expect(chat.preview.getByTestId("file-preview-title")).toHaveText("itinerary.md");
    // Markdown previews rendered, with the chat's own safe renderer.
    await expect(
      chat.preview.getByTestId("file-preview-markdown").getByRole("heading", { name: "Lisbon in three days" }),
    ).toBeVisible();
    await expect(chat.preview.getByTestId("file-preview-markdown")).toContainText("Day 2: Belém");
    await page.keyboard.press("Escape");
    await expect(chat.preview).toBeHidden();
  });

  await test.step("files dropped on the composer upload with a chip each", async () => {
    await chat.dropFiles(chat.composer, [
      { name: "notes.txt", content: "Pack light. Bring good shoes." },
      { name: "budget.csv", content: "item,eur\nhotel,420\nfood,180\n", type: "text/csv" },
    ]);
    await expect(chat.chips).toHaveCount(2);
    await expect(chat.chip("notes.txt")).toHaveAttribute("data-status", "done");
    await expect(chat.chip("budget.csv")).toHaveAttribute("data-status", "done");
    await expect(chat.chips.getByTestId("upload-chip-progress")).toHaveCount(0);
  });

  await test.step("the paperclip adds files, and a removed chip deletes its upload", async () => {
    await chat.fileInput.setInputFiles({
      name: "draft.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not needed after all"),
    });
    await expect(chat.chip("draft.txt")).toHaveAttribute("data-status", "done");
    await chat.chip("draft.txt").getByTestId("upload-chip-remove").click();
    await expect(chat.chips).toHaveCount(2);
    await expect
      .poll(async () =>
        (
          (await (await page.request.get(`/api/threads/${threadId}/uploads`)).json()) as {
            files: { filename: string }[];
          }
        ).files
          .map((f) => f.filename)
          .sort(),
      )
      .toEqual(["budget.csv", "notes.txt"]);
  });

  await test.step("a file dropped anywhere on the page is checked against the size limit", async () => {
    const config = (await (await page.request.get("/api/config")).json()) as { uploadMaxBytes: number };
    await chat.dropFiles(
      chat.messageList,
      [{ name: "huge.bin", sizeBytes: config.uploadMaxBytes + 1, type: "application/octet-stream" }],
      {
        whileDragging: () => expect(chat.dropOverlay).toContainText("Drop files to attach"),
      },
    );
    await expect(chat.dropOverlay).toBeHidden();
    await expect(chat.chip("huge.bin")).toHaveAttribute("data-status", "error");
    await expect(chat.chip("huge.bin").getByTestId("upload-chip-error")).toHaveText(
      /^Too large: files can be at most \d/,
    );
    await chat.chip("huge.bin").getByTestId("upload-chip-remove").click();
    await expect(chat.chips).toHaveCount(2);
  });

  await test.step("the uploads go out with the next message", async () => {
    await stub.script([{ type: "text", text: "Thanks, I have your notes and the budget." }]);
    await chat.sendMessage("Here are my notes and budget");
    const sent = chat.userMessages.last();
    await expect(sent).toContainText("Here are my notes and budget");
    await expect(sent.getByTestId("message-attachment")).toHaveCount(2);
    await expect(sent.getByTestId("message-attachment").filter({ hasText: "notes.txt" })).toBeVisible();
    await expect(sent.getByTestId("message-attachment").filter({ hasText: "budget.csv" })).toBeVisible();
    await expect(chat.chips).toHaveCount(0);
    await expect(chat.assistantMessages.last()).toContainText("Thanks, I have your notes and the budget.");
    // The model was told about the files attached in this turn.
    const last = (await stub.runRequests()).at(-1)!;
    expect(JSON.stringify(last.body?.messages)).toContain("notes.txt");

    await sent.getByTestId("message-attachment").filter({ hasText: "budget.csv" }).click();
    await expect(chat.preview.getByTestId("file-preview-text")).toContainText("hotel,420");
    await page.keyboard.press("Escape");
  });

  let partial = "";
  await test.step("Stop ends a slow reply mid-way, keeps the partial text, and stops the model", async () => {
    const story = Array.from({ length: 40 }, (_, i) => `word${i + 1}`).join(" ");
    await stub.script([{ type: "text", text: story, delayMs: 250 }]);
    await chat.sendMessage("Tell me a long story");
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("word3");
    await chat.stop.click();
    await expect(chat.idle()).toBeAttached();
    await expect(chat.send).toBeVisible();
    partial = (await reply.innerText()).trim();
    expect(partial).toMatch(/^word1 word2 word3/);
    expect(partial).not.toContain("word40");
    // Nothing more arrives after the stop, and the server hung up on the model too.
    await page.waitForTimeout(1_000);
    expect((await reply.innerText()).trim()).toBe(partial);
    await expect.poll(async () => (await stub.runRequests()).at(-1)?.outcome).toBe("aborted");
  });

  await test.step("after a reload the history is there, and Regenerate replaces the stopped answer", async () => {
    await page.reload();
    await expect(chat.userMessages).toHaveCount(4);
    await expect(chat.assistantMessages.last()).toContainText(partial.split(" ").slice(0, 3).join(" "));
    await expect(chat.toolCalls.filter({ hasText: "itinerary.md" })).toBeVisible();

    await stub.script([{ type: "text", text: "Once upon a time, briefly." }]);
    await chat.assistantMessages.last().getByTestId("regenerate").click();
    await expect(chat.assistantMessages.last()).toHaveText(/Once upon a time, briefly\./);
    await expect(chat.userMessages).toHaveCount(4);
    await page.reload();
    await expect(chat.userMessages).toHaveCount(4);
    await expect(chat.assistantMessages.last()).toContainText("Once upon a time, briefly.");
  });

  await test.step("the files panel lists the uploads and the agent's output", async () => {
    await chat.filesToggle.click();
    await expect(chat.filesPanel.getByTestId("files-panel-outputs").getByTestId("files-panel-file")).toHaveText([
      /itinerary\.md/,
    ]);
    await expect(chat.filesPanel.getByTestId("files-panel-uploads").getByTestId("files-panel-file")).toHaveText([
      /budget\.csv/,
      /notes\.txt/,
    ]);
  });

  await test.step("while another client's run is active, sending is refused: that reply is shown and the draft kept", async () => {
    await stub.script([
      { type: "text", text: "A reply for the other client, written slowly on purpose.", delayMs: 200 },
    ]);
    const otherClient = page.request.post(`/api/threads/${threadId}/runs`, {
      data: { message: { text: "From a script" } },
      headers: SAME_ORIGIN,
    });
    await expect.poll(async () => (await stub.runRequests()).at(-1)?.outcome).toBe("pending");
    const before = await chat.userMessages.count();
    await chat.sendMessage("From the browser");
    // The page follows the reply that holds the chat (e2e/chat-follow.spec.ts covers the note
    // and Stop); the refused message is never shown as sent and waits in the composer.
    await expect(chat.userMessages).toHaveCount(before + 1);
    await expect(chat.userMessages.last()).toContainText("From a script");
    await expect(chat.assistantMessages.last()).toContainText(
      "A reply for the other client, written slowly on purpose.",
    );
    await expect(chat.userMessages.filter({ hasText: "From the browser" })).toHaveCount(0);
    await expect(chat.error.getByTestId("chat-error-retry")).toHaveCount(0);
    await expect(chat.input).toHaveValue("From the browser");
    expect((await otherClient).status()).toBe(200);
    await expect(chat.idle()).toBeAttached();
  });

  await test.step("a provider error is shown in words, with a way to try again", async () => {
    // 401 rather than 5xx: the provider retries those, and would get the stub's default turn.
    await stub.script([{ type: "error", status: 401, message: "Incorrect API key provided." }]);
    await chat.sendMessage("One more question");
    await expect(chat.error).toContainText("Incorrect API key provided.");
    await expect(chat.error.getByTestId("chat-error-retry")).toBeVisible();
  });
});
