import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startMcpTestServer, type McpTestServer } from "../tests/support/mcp-test-server";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { McpSettings } from "./pages/mcp-settings";
import { WorkspaceShell } from "./pages/workspace-shell";
import { expectAccessible } from "./support/axe";
import { StubModel } from "./support/stub-model";

// Tools from MCP servers, in the browser: a real MCP server (the official SDK's, on 127.0.0.1,
// behind a bearer header) is added in Settings, its tools are listed, a chat calls a read-only
// one at once and waits for the person to approve a write. Axe-clean, and in Chinese too.
// Signs up once (better-auth allows 3 sign-ups per 10 s per address).

const SECRET = "e2e-bearer-secret";
let mcp: McpTestServer;
test.beforeAll(async () => {
  mcp = await startMcpTestServer({ bearer: SECRET });
});
test.afterAll(async () => {
  await mcp?.close();
});

const zhCN = JSON.parse(readFileSync(path.join(process.cwd(), "lib/i18n/messages/zh-CN.json"), "utf8"));

test("a person connects an MCP server, sees its tools, and approves a write call in a chat", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(150_000);
  const stub = new StubModel(request);
  const settings = new McpSettings(page);
  const chat = new ChatPanel(page);
  await stub.reset();
  await new AuthPage(page).signUp({
    name: "Ada",
    email: `ada-mcp-${Date.now()}@example.com`,
    password: "correct horse battery",
  });
  await expect(page).toHaveURL(/\/workspace$/);

  await test.step("add a server in settings and see its tools", async () => {
    await settings.open();
    await expect(page.getByTestId("mcp-empty")).toBeVisible();
    await settings.fill({ name: "Tracker", url: mcp.url, headers: { Authorization: `Bearer ${SECRET}` } });
    await expectAccessible(page, "the add-server dialog");
    await settings.save.click();
    await expect(settings.dialog).toBeHidden();
    const row = settings.row("Tracker");
    await expect(row).toHaveAttribute("data-status", "connected");
    await expect(row).toContainText("Connected");
    await expect(row).not.toContainText(SECRET);
    const tools = await settings.tools("Tracker");
    await expect(tools.filter({ hasText: "search_notes" })).toContainText("read-only");
    await expect(tools.filter({ hasText: "create_issue" })).toContainText("asks before running");
    // The saved value is never shown again, not even when editing.
    await row.getByTestId("mcp-edit").click();
    await expect(settings.dialog.getByTestId("mcp-saved-headers")).toContainText("Authorization");
    await expect(settings.dialog).not.toContainText(SECRET);
    await expect(settings.dialog.locator("input[type=password]")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expectAccessible(page, "settings with an MCP server");
  });

  await test.step("a chat calls a read-only tool at once", async () => {
    await new WorkspaceShell(page).newChat.click();
    await expect(page).toHaveURL(/\/workspace\/chats\/[^/]+$/);
    await stub.script(
      [
        { type: "tool-calls", calls: [{ name: "mcp__Tracker__search_notes", arguments: { query: "release" } }] },
        { type: "text", text: "The notes mention the release." },
      ],
      "Release notes",
    );
    await chat.sendMessage("What do the notes say about the release?");
    const call = chat.toolCalls.last();
    await expect(call).toHaveAttribute("data-tool", "mcp__Tracker__search_notes");
    await expect(call).toHaveAttribute("data-tool-state", "done");
    await expect(call.getByTestId("tool-call-server")).toContainText("Tracker");
    await expect(chat.assistantMessages.last()).toContainText("The notes mention the release.");
    await call.getByTestId("tool-call-toggle").click();
    await expect(call.getByTestId("tool-call-details")).toContainText("found: release");
  });

  await test.step("a write call waits for approval in the chat, then runs", async () => {
    const before = mcp.calls.filter((c) => c.tool === "create_issue").length;
    await stub.script([
      { type: "tool-calls", calls: [{ name: "mcp__Tracker__create_issue", arguments: { title: "Ship it" } }] },
      { type: "text", text: "I filed the issue." },
    ]);
    await chat.sendMessage("File an issue to ship it");
    const approval = page.getByTestId("mcp-approval");
    await expect(approval).toBeVisible();
    await expect(approval).toContainText("create_issue");
    expect(mcp.calls.filter((c) => c.tool === "create_issue")).toHaveLength(before);
    await expectAccessible(page, "a call waiting for approval");
    await approval.getByTestId("mcp-approve").click();
    await expect(chat.assistantMessages.last()).toContainText("I filed the issue.");
    await expect(page.getByTestId("mcp-approval-result").last()).toHaveAttribute("data-status", "approved");
    expect(mcp.calls.filter((c) => c.tool === "create_issue")).toHaveLength(before + 1);
    // After a reload the card still says how the call was decided.
    await page.reload();
    await expect(page.getByTestId("mcp-approval-result").last()).toContainText("You approved this call.");
  });

  await test.step("the settings and the approval card in Chinese", async () => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: new URL(page.url()).origin }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByTestId("mcp-approval-result").last()).toHaveText(zhCN.mcp.decidedApproved);
    await settings.open();
    await expect(page.getByRole("heading", { name: zhCN.mcp.title })).toBeVisible();
    await expect(settings.row("Tracker").getByTestId("mcp-server-status")).toHaveText(zhCN.mcp.status.connected);
    await expect(settings.section).not.toContainText("asks before running");
    await expect(settings.section).not.toContainText(/\bmcp\.[a-zA-Z]+/);
    await context.clearCookies({ name: "NEXT_LOCALE" });
  });
});
