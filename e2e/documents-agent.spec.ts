import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// The agent's side of the shelf in the browser: a chat in a project whose shelf holds a
// document; the (scripted) model reads it with read_project_document and the answer renders.
// One sign-up in this file (better-auth allows 3 per 10 s in production builds).

const REPORT = "Q3 report\n\nRevenue grew 12% over Q2, led by the Lisbon office.\n";

test("the agent reads a shelf document in a project chat", async ({ page }) => {
  const stub = new StubModel(page.request);
  const auth = new AuthPage(page);
  const chat = new ChatPanel(page);
  await stub.reset();

  await auth.signUp({ name: "Ada Lovelace", email: `ada-${Date.now()}@example.com`, password: "analytical-engine" });
  await expect(page).toHaveURL(/\/workspace$/);

  // Set-up through the HTTP API with the browser's own session.
  const { project } = await (
    await page.request.post("/api/projects", {
      data: { name: "Quarterly review", instructions: "Cite the file you read." },
      headers: SAME_ORIGIN,
    })
  ).json();
  const upload = await page.request.post(`/api/projects/${project.id}/documents`, {
    multipart: { file: { name: "q3-report.txt", mimeType: "text/plain", buffer: Buffer.from(REPORT) } },
    headers: SAME_ORIGIN,
  });
  expect(upload.status()).toBe(201);
  const { document } = await upload.json();
  const { thread } = await (
    await page.request.post("/api/threads", {
      data: { projectId: project.id, title: "Q3 questions" },
      headers: SAME_ORIGIN,
    })
  ).json();

  await stub.script([
    { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: document.id } }] },
    { type: "text", text: "According to q3-report.txt, revenue grew 12% over Q2." },
  ]);
  await page.goto(`/workspace/chats/${thread.id}`);
  await chat.sendMessage("How did revenue develop in Q3?");

  const call = chat.toolCalls.last();
  await expect(call).toHaveAttribute("data-tool", "read_project_document");
  await expect(call).toHaveAttribute("data-tool-state", "done");
  await expect(chat.assistantMessages.last()).toContainText("revenue grew 12% over Q2");

  const [first, second] = await stub.runRequests();
  const text = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content));
  const projectMessage = first!.body!.messages!.find((m) => m.role === "user" && text(m.content).includes("<project "));
  expect(text(projectMessage?.content)).toContain('<documents count="1" shown="1">');
  expect(text(projectMessage?.content)).toContain(`id=${document.id} | q3-report.txt`);
  const toolResult = second!.body!.messages!.at(-1)!;
  expect(toolResult.role).toBe("tool");
  expect(text(toolResult.content)).toContain("Revenue grew 12% over Q2");

  // The project message is request-only: none of it reaches the rendered conversation, not even after
  // a reload from the stored history.
  for (const when of ["live", "reloaded"]) {
    if (when === "reloaded") await page.reload();
    await expect(chat.assistantMessages.last()).toContainText("revenue grew 12% over Q2");
    const rendered = await chat.messageList.innerText();
    for (const leaked of [
      "<project",
      "</project>",
      "<documents",
      "</documents>",
      "Cite the file you read.",
      `id=${document.id}`,
    ]) {
      expect(rendered, `${when}: ${leaked}`).not.toContain(leaked);
    }
  }
});
