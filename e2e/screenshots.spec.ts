import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { ThreadPage } from "./pages/thread-page";
import { WorkspaceShell } from "./pages/workspace-shell";
import { StubModel } from "./support/stub-model";

// The README's screenshots, taken from the running product so they never drift from it: every
// e2e run (`npm test -- e2e`, or `npx playwright test e2e/screenshots.spec.ts` after a build)
// rewrites docs/images/project.png and docs/images/chat.png. The journey is a newcomer's
// first few minutes: sign up, a project with instructions and documents, a chat whose answer
// comes from one of them. One sign-up in this file (better-auth allows 3 per 10 s per IP in
// production builds).

const IMAGES = fileURLToPath(new URL("../docs/images/", import.meta.url));

const INSTRUCTIONS =
  "You help the Lisbon office with its quarterly reviews. Quote figures exactly as the documents give them and name the document you read.";

const REPORT = [
  "# Q3 report: Lisbon office",
  "",
  "Revenue grew 12% over Q2, to €4.2 million, led by the new logistics contracts.",
  "Costs rose 3%, mostly rent after the move to Avenida da Liberdade.",
  "Headcount went from 38 to 44; two engineering roles are still open.",
  "",
].join("\n");
const HIRING = "Hiring plan, Q4\n\n- 2 backend engineers\n- 1 account manager\n- 1 office coordinator\n";
const pdfFixture = readFileSync(new URL("../tests/fixtures/thread-files/hello.pdf", import.meta.url)).toString(
  "base64",
);

const ANSWER = [
  "According to **q3-report.md**, the Lisbon office had a strong third quarter:",
  "",
  "- **Revenue** grew 12% over Q2, to €4.2 million, led by the new logistics contracts.",
  "- **Costs** rose 3%, mostly rent after the move to Avenida da Liberdade.",
  "- **Headcount** went from 38 to 44, with two engineering roles still open.",
].join("\n");

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: "light", locale: "en-US" });

test("screenshots for the README: a project's shelf and a chat with an answer", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stub = new StubModel(request);
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const project = new ProjectPage(page);
  const shelf = new DocumentsTab(page);
  const thread = new ThreadPage(page);
  const chat = new ChatPanel(page);
  await stub.reset();

  await test.step("sign up and create a project with standing instructions", async () => {
    await auth.signUp({ name: "Inês Duarte", email: `ines-${Date.now()}@example.com`, password: "quarterly-review" });
    await expect(page).toHaveURL(/\/workspace$/);
    const dialog = await shell.createProject("Lisbon office");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/workspace\/projects\/[^/?]+$/);
    await project.openTab("instructions");
    await project.instructions.fill(INSTRUCTIONS);
    await project.save.click();
    await expect(page.getByText("Instructions saved")).toBeVisible();
    await expect(project.unsaved).toBeHidden();
  });
  const projectId = new URL(page.url()).pathname.split("/").at(-1)!;

  await test.step("three documents dropped on the shelf", async () => {
    await project.openTab("documents");
    await expect(shelf.empty).toBeVisible();
    await shelf.dropFiles([
      { name: "q3-report.md", text: REPORT, type: "text/markdown" },
      { name: "hiring-plan.txt", text: HIRING },
      { name: "office-lease.pdf", base64: pdfFixture, type: "application/pdf" },
    ]);
    for (const name of ["q3-report.md", "hiring-plan.txt", "office-lease.pdf"])
      await expect(shelf.upload(name)).toHaveAttribute("data-status", "added");
    await expect(shelf.rows).toHaveCount(3);
  });

  await test.step("docs/images/project.png: the project page with its shelf", async () => {
    // A fresh load: no upload tray or toast left over from the drop.
    await page.goto(`/workspace/projects/${projectId}?tab=documents`);
    await expect(project.name).toHaveText("Lisbon office");
    await expect(shelf.rows).toHaveCount(3);
    await expect(shelf.row("q3-report.md")).toBeVisible();
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.screenshot({ path: `${IMAGES}project.png`, animations: "disabled" });
  });

  await test.step("docs/images/chat.png: a project chat whose answer reads a document", async () => {
    const { documents } = (await (await page.request.get(`/api/projects/${projectId}/documents`)).json()) as {
      documents: { id: string; name: string }[];
    };
    const report = documents.find((document) => document.name === "q3-report.md")!;
    await project.openTab("chats");
    await project.newChat.click();
    await expect(page).toHaveURL(/\/workspace\/chats\/[^/]+$/);
    await expect(thread.projectBadge).toHaveText("Lisbon office");

    await stub.script(
      [
        { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: report.id } }] },
        { type: "text", text: ANSWER },
      ],
      "Lisbon Q3 review",
    );
    await chat.sendMessage("How did the Lisbon office do in Q3?");
    const reply = chat.assistantMessages.last();
    await expect(chat.toolCalls.last()).toHaveAttribute("data-tool", "read_project_document");
    await expect(chat.toolCalls.last()).toHaveAttribute("data-tool-state", "done");
    await expect(reply).toContainText("Headcount went from 38 to 44");
    await expect(reply.getByTestId("message-source")).toHaveText("q3-report.md");
    await expect(chat.idle()).toBeAttached();
    await expect(thread.title).toHaveText("Lisbon Q3 review");
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.screenshot({ path: `${IMAGES}chat.png`, animations: "disabled" });
  });
});
