import { expect, test, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { TrashPage } from "./pages/trash-page";
import { WorkspaceShell } from "./pages/workspace-shell";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// Material moving between chats and the shelf, and a deleted project's documents through the
// trash: the agent writes an output → Save to project under a new name → the provenance badge
// → Attach to another chat → its composer shows the chip → delete the project → Trash →
// restore into another project with the picker → delete one permanently → empty the trash.
// One sign-up in this file (better-auth allows 3 per 10 s in production builds).

const CHECKLIST = "# Launch checklist\n\n- Press kit ready\n- Pricing page live\n- Support rota set\n";

async function createProject(page: Page, name: string): Promise<{ id: string; name: string }> {
  const response = await page.request.post("/api/projects", { data: { name }, headers: SAME_ORIGIN });
  expect(response.status()).toBe(201);
  return (await response.json()).project;
}

async function createThread(page: Page, data: { title: string; projectId?: string }): Promise<{ id: string }> {
  const response = await page.request.post("/api/threads", { data, headers: SAME_ORIGIN });
  expect(response.status()).toBe(201);
  return (await response.json()).thread;
}

test("a chat's output goes to the shelf and into another chat, and a deleted project's documents go through the trash", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stub = new StubModel(page.request);
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const projectPage = new ProjectPage(page);
  const documents = new DocumentsTab(page);
  const chat = new ChatPanel(page);
  const trash = new TrashPage(page);
  const toasts = page.locator("[data-sonner-toast]");
  await stub.reset();

  await auth.signUp({
    name: "Katherine Johnson",
    email: `katherine-${Date.now()}@example.com`,
    password: "trajectory-1962",
  });
  await expect(page).toHaveURL(/\/workspace$/);

  // Set-up through the HTTP API with the browser's own session.
  const launch = await createProject(page, "Launch plan");
  const archive = await createProject(page, "Research archive");
  for (const [name, text] of [
    ["budget.csv", "item,eur\nads,1200\nevent,800\n"],
    ["contacts.txt", "Press: press@example.com\n"],
  ]) {
    const upload = await page.request.post(`/api/projects/${launch.id}/documents`, {
      multipart: { file: { name, mimeType: "text/plain", buffer: Buffer.from(text) } },
      headers: SAME_ORIGIN,
    });
    expect(upload.status()).toBe(201);
  }
  const projectChat = await createThread(page, { projectId: launch.id, title: "Launch checklist" });
  const otherChat = await createThread(page, { title: "Travel notes" });

  await test.step("the agent writes an output in the project's chat", async () => {
    await stub.script([
      {
        type: "tool-calls",
        calls: [{ name: "write_output_file", arguments: { name: "checklist.md", content: CHECKLIST } }],
      },
      { type: "text", text: "I wrote the checklist to checklist.md." },
    ]);
    await page.goto(`/workspace/chats/${projectChat.id}`);
    await chat.sendMessage("Write the launch checklist to a file");
    await expect(chat.toolCalls.last()).toHaveAttribute("data-tool-state", "done");
    await expect(chat.assistantMessages.last()).toContainText("I wrote the checklist to checklist.md.");
  });

  await test.step("the Documents tab lists the chat's files; Save to project takes a new name", async () => {
    await page.goto(`/workspace/projects/${launch.id}?tab=documents`);
    const group = documents.threadFileGroup("Launch checklist");
    await expect(documents.threadFile(group, "checklist.md")).toHaveAttribute("data-kind", "output");
    await expect(group.getByTestId("thread-file-group-title")).toHaveAttribute(
      "href",
      `/workspace/chats/${projectChat.id}`,
    );

    await documents.threadFile(group, "checklist.md").getByTestId("thread-file-preview").click();
    await expect(documents.preview.getByTestId("file-preview-title")).toHaveText("checklist.md");
    await expect(
      documents.preview
        .getByTestId("file-preview-markdown")
        .getByRole("listitem")
        .filter({ hasText: "Pricing page live" }),
    ).toBeVisible();
    await documents.closePreview();

    const dialog = await documents.saveToProject(group, "checklist.md", "launch-checklist.md");
    const outcome = dialog.getByTestId("save-to-project-outcome");
    await expect(outcome).toHaveAttribute("data-outcome", "added");
    await expect(outcome).toContainText("launch-checklist.md");
    await dialog.getByTestId("save-to-project-done").click();
    await expect(dialog).toBeHidden();
    await expect(documents.count).toHaveText("3 documents on the shelf");
  });

  await test.step("the saved document names its chat, and the same bytes again are a dedup hit", async () => {
    const badge = documents.row("launch-checklist.md").getByTestId("document-provenance");
    await expect(badge).toHaveText("from Launch checklist · output");
    await expect(badge).toHaveAttribute("href", `/workspace/chats/${projectChat.id}`);

    const dialog = await documents.saveToProject(
      documents.threadFileGroup("Launch checklist"),
      "checklist.md",
      "checklist-copy.md",
    );
    await expect(dialog.getByTestId("save-to-project-outcome")).toHaveAttribute("data-outcome", "deduplicated");
    await expect(dialog.getByTestId("save-to-project-outcome")).toContainText(
      "Already on the shelf as “launch-checklist.md”",
    );
    await dialog.getByTestId("save-to-project-done").click();
    await expect(documents.rows).toHaveCount(3);
  });

  await test.step("Attach to chat puts the document in another chat's composer", async () => {
    await documents.attachToChat("launch-checklist.md", "Travel notes");
    await expect(documents.attachDialog).toBeHidden();
    await expect(toasts.filter({ hasText: "“launch-checklist.md” attached to “Travel notes”" })).toBeVisible();
    await page.getByTestId("attach-open-chat").click();
    await expect(page).toHaveURL(new RegExp(`/workspace/chats/${otherChat.id}$`));
    await expect(chat.chip("launch-checklist.md")).toHaveAttribute("data-status", "done");
  });

  await test.step("deleting the project sends its documents to the trash", async () => {
    await page.goto(`/workspace/projects/${launch.id}`);
    const dialog = await projectPage.openDeleteDialog();
    await expect(dialog).toContainText("Its documents move to the trash, where they can be restored for 30 days");
    await dialog.getByTestId("delete-project-dialog-confirm").click();
    await expect(page).toHaveURL(/\/workspace$/);

    await shell.sidebar.getByTestId("sidebar-trash").click();
    await expect(page).toHaveURL(/\/workspace\/trash$/);
    await expect(trash.rows).toHaveCount(3);
    const row = trash.row("launch-checklist.md");
    await expect(row.getByTestId("trash-origin")).toHaveText("from Launch plan (deleted)");
    await expect(row.getByTestId("trash-days-left")).toHaveText("30 days left");
  });

  await test.step("a document of the deleted project is restored into another project with the picker", async () => {
    const picker = await trash.restore("launch-checklist.md");
    await expect(picker).toContainText("Launch plan");
    await trash.pickRestoreTarget("Research archive");
    await expect(picker).toBeHidden();
    await expect(toasts.filter({ hasText: "“launch-checklist.md” restored to “Research archive”" })).toBeVisible();
    await expect(trash.rows).toHaveCount(2);
    const restored = (await (await page.request.get(`/api/projects/${archive.id}/documents`)).json()) as {
      documents: { name: string }[];
    };
    expect(restored.documents.map((d) => d.name)).toEqual(["launch-checklist.md"]);
  });

  await test.step("one document is deleted permanently", async () => {
    const dialog = await trash.openPurgeDialog("contacts.txt");
    await expect(dialog).toContainText("This cannot be undone.");
    await dialog.getByTestId("purge-document-dialog-confirm").click();
    await expect(dialog).toBeHidden();
    await expect(trash.rows).toHaveCount(1);
    await expect(trash.row("budget.csv")).toBeVisible();
  });

  await test.step("Empty trash deletes the rest", async () => {
    const dialog = await trash.openEmptyTrashDialog();
    await expect(dialog).toContainText("This cannot be undone.");
    await dialog.getByTestId("empty-trash-dialog-confirm").click();
    await expect(dialog).toBeHidden();
    await expect(trash.empty).toBeVisible();
    await expect(trash.emptyTrashButton).toHaveCount(0);
  });
});
