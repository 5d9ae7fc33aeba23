import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "../tests/support/app-server";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { ModelPicker } from "./pages/model-picker";
import { WorkspaceShell } from "./pages/workspace-shell";
import { expectAccessible } from "./support/axe";
import { LOCAL_STUB_URL, StubModel } from "./support/stub-model";

// Two model servers: the default endpoint (stub) and "local" (llama3.1:8b, qwen2.5:7b), both
// started by scripts/e2e-server.mjs, and "offline", where nothing listens. Each test signs up
// exactly once (the second on a server of its own).

test("pick a model in the composer and get the answer from it; a model without tools says so", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stub = new StubModel(request);
  const local = new StubModel(request, LOCAL_STUB_URL);
  const chat = new ChatPanel(page);
  const picker = new ModelPicker(page);
  await stub.reset();
  await local.reset();

  await new AuthPage(page).signUp({
    name: "Ada Lovelace",
    email: `ada-${Date.now()}@example.com`,
    password: "analytical-1843",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  await new WorkspaceShell(page).newChat.click();
  await expect(page).toHaveURL(/\/workspace\/chats\/[^/]+$/);

  await test.step("the picker lists every endpoint, the default marked and chosen, the offline one as unreachable", async () => {
    await expect(picker.trigger).toHaveAttribute("data-model-id", "default:stub");
    await picker.trigger.focus();
    await picker.trigger.press("Enter");
    await expect(picker.search).toBeFocused();
    await expect(picker.groups).toHaveCount(3);
    await expect(picker.option("default:stub")).toHaveAttribute("aria-selected", "true");
    await expect(picker.option("default:stub")).toContainText("default");
    await expect(picker.option("local:qwen2.5:7b")).toBeVisible();
    const offline = picker.group("offline");
    await expect(offline).toContainText("unreachable");
    await expect(offline).toContainText("does not answer right now");
    await expect(picker.group("local")).not.toContainText("unreachable");
    await expectAccessible(page, "open model picker");
  });

  await test.step("arrow keys, Home and End move through the options", async () => {
    await expect(picker.search).toHaveAttribute("aria-activedescendant", await picker.optionDomId("default:stub"));
    await picker.search.press("ArrowDown");
    await expect(picker.search).toHaveAttribute("aria-activedescendant", await picker.optionDomId("local:llama3.1:8b"));
    await picker.search.press("End");
    await expect(picker.search).toHaveAttribute("aria-activedescendant", await picker.optionDomId("local:qwen2.5:7b"));
    await picker.search.press("ArrowDown");
    await expect(picker.search).toHaveAttribute("aria-activedescendant", await picker.optionDomId("default:stub"));
    await picker.search.press("ArrowUp");
    await expect(picker.search).toHaveAttribute("aria-activedescendant", await picker.optionDomId("local:qwen2.5:7b"));
    await picker.search.press("Home");
    await expect(picker.search).toHaveAttribute("aria-activedescendant", await picker.optionDomId("default:stub"));
  });

  await test.step("search and choose with the keyboard; the answer comes from that model", async () => {
    await picker.search.fill("qwen");
    await expect(picker.options).toHaveCount(1);
    await picker.search.press("Enter");
    await expect(picker.trigger).toBeFocused();
    await expect(picker.trigger).toHaveAttribute("data-model-id", "local:qwen2.5:7b");

    await local.script([{ type: "text", text: "Qwen answers from the local server." }], "Local chat");
    await chat.sendMessage("Who is answering?");
    await expect(chat.assistantMessages.last()).toContainText("Qwen answers from the local server.");
    await expect(chat.assistantMessages.last().getByTestId("answer-model")).toHaveText(
      "Answered by qwen2.5:7b (local)",
    );
    expect((await local.runRequests()).map((r) => r.body?.model)).toEqual(["qwen2.5:7b"]);
    expect(await stub.runRequests()).toEqual([]);
  });

  await test.step("a model that refuses tools still answers, with a notice that survives a reload", async () => {
    await local.refuseTools();
    await picker.trigger.click();
    await picker.search.fill("llama");
    await picker.option("local:llama3.1:8b").click();
    await expect(picker.trigger).toHaveAttribute("data-model-id", "local:llama3.1:8b");
    await local.script([{ type: "text", text: "Llama answers without tools." }]);
    await chat.sendMessage("Read my files");
    const answer = chat.assistantMessages.last();
    await expect(answer).toContainText("Llama answers without tools.");
    await expect(answer.getByTestId("model-notice")).toContainText("cannot use tools");
    await expect(chat.idle()).toBeAttached();
    // What the run learned shows in the picker at once, not only after a reload.
    await picker.trigger.click();
    await expect(picker.option("local:llama3.1:8b")).toContainText("no tools");
    await picker.search.press("Escape");

    await page.reload();
    await expect(chat.assistantMessages.last().getByTestId("model-notice")).toContainText(
      "could not open documents or files",
    );
    await expect(picker.trigger).toHaveAttribute("data-model-id", "local:llama3.1:8b");
    await picker.trigger.click();
    await expect(picker.option("local:llama3.1:8b")).toContainText("no tools");
    await picker.search.press("Escape");
    await expect(picker.trigger).toBeFocused();
  });
});

test("a chat whose model is no longer offered is answered by the default, and the chat says so", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stub = new StubModel(request);
  await stub.reset();
  // A server of its own, restarted with another MODEL_ENDPOINTS: the way a model leaves the
  // list for good (an endpoint removed from the configuration), on the data the chat lives in.
  const port = Number(process.env.E2E_PORT ?? 3100) + 37;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "workspace-e2e-models-"));
  const origin = `http://127.0.0.1:${port}`;
  const serve = (endpoints: unknown[] | null) =>
    startAppServer({
      port,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        OPENAI_BASE_URL: `http://127.0.0.1:${process.env.STUB_MODEL_PORT ?? 4010}/v1`,
        OPENAI_API_KEY: "e2e",
        OPENAI_MODEL: "stub",
        MODEL_ENDPOINTS: endpoints ? JSON.stringify(endpoints) : undefined,
      },
    });
  let server: AppServer | null = await serve([{ name: "retired", baseURL: `${LOCAL_STUB_URL}/v1`, apiKey: "e2e" }]);
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    const chat = new ChatPanel(page);
    await new AuthPage(page).signUp({
      name: "Hedy",
      email: `hedy-${Date.now()}@example.com`,
      password: "frequency-1942",
    });
    await expect(page).toHaveURL(/\/workspace$/);
    const { thread } = await (
      await page.request.post("/api/threads", { data: { title: "Retired model" }, headers: { origin } })
    ).json();
    const chosen = await page.request.patch(`/api/threads/${thread.id}`, {
      data: { modelId: "retired:qwen2.5:7b" },
      headers: { origin },
    });
    expect(chosen.status()).toBe(200);

    await server.stop();
    server = null;
    server = await serve(null);

    await page.goto(`/workspace/chats/${thread.id}`);
    await stub.script([{ type: "text", text: "The default stands in." }], "Retired model");
    await chat.sendMessage("Who answers now?");
    const answer = chat.assistantMessages.last();
    await expect(answer).toContainText("The default stands in.");
    const notice = answer.getByTestId("model-notice");
    await expect(notice).toHaveAttribute("data-kind", "model_fallback");
    await expect(notice).toHaveText(
      "qwen2.5:7b (retired) is no longer offered by its server, so stub answered instead.",
    );
    await expect(answer.getByTestId("answer-model")).toHaveText("Answered by stub");
    expect((await stub.runRequests()).map((r) => r.body?.model)).toEqual(["stub"]);

    // Stored with the answer: still there after a reload.
    await page.reload();
    await expect(chat.assistantMessages.last().getByTestId("model-notice")).toHaveAttribute(
      "data-kind",
      "model_fallback",
    );
  } finally {
    await context.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
