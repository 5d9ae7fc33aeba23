import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { WorkspaceShell } from "./pages/workspace-shell";

// better-auth allows 3 sign-in/sign-up requests per 10 s per IP in production builds: this
// file signs up once.

test("the Documents tab searches names and text with the matches marked, and sorts", async ({ page }) => {
  test.setTimeout(120_000);
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const project = new ProjectPage(page);
  const shelf = new DocumentsTab(page);

  await auth.signUp({
    name: "Grace Hopper",
    email: `grace-${Date.now()}@example.com`,
    password: "cobol-compiler-1959",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(await shell.createProject("Search")).toBeHidden();
  await project.openTab("documents");
  await shelf.dropFiles([
    { name: "bravo-minutes.txt", text: "Minutes of the meeting. The budget was approved." },
    { name: "alpha-notes.txt", text: "Notes about the harbour and its lighthouse." },
    { name: "charlie-budget.txt", text: "x".repeat(400) },
    { name: "说明.txt", text: "关于年度预算报告的说明" },
  ]);
  await expect(shelf.rows).toHaveCount(4);
  await expect(shelf.count).toContainText("4");

  await test.step("a word in the text finds its document, with a marked snippet", async () => {
    await shelf.search.fill("LIGHTHOUSE");
    await expect(shelf.rows).toHaveCount(1);
    const row = shelf.row("alpha-notes.txt");
    await expect(row.getByTestId("document-snippet")).toContainText("harbour and its lighthouse");
    await expect(row.getByTestId("document-snippet").locator("mark")).toHaveText("lighthouse");
    await expect(shelf.count).toContainText("1");
  });

  await test.step("names match too, and Chinese by substring", async () => {
    await shelf.search.fill("budget");
    await expect
      .poll(() => shelf.rowNames().then((names) => names.sort()))
      .toEqual(["bravo-minutes.txt", "charlie-budget.txt"]);
    await expect(shelf.row("charlie-budget.txt").getByTestId("document-name").locator("mark")).toHaveText("budget");
    await shelf.search.fill("预算");
    await expect.poll(() => shelf.rowNames()).toEqual(["说明.txt"]);
    await shelf.search.fill("nothing like this");
    await expect(shelf.noMatch).toBeVisible();
    await shelf.search.fill("");
    await expect(shelf.rows).toHaveCount(4);
  });

  await test.step("the sort menu orders by name and by size", async () => {
    await shelf.sort.selectOption("name:asc");
    await expect
      .poll(() => shelf.rowNames())
      .toEqual(["alpha-notes.txt", "bravo-minutes.txt", "charlie-budget.txt", "说明.txt"]);
    await shelf.sort.selectOption("name:desc");
    await expect
      .poll(() => shelf.rowNames())
      .toEqual(["说明.txt", "charlie-budget.txt", "bravo-minutes.txt", "alpha-notes.txt"]);
    await shelf.sort.selectOption("size:desc");
    await expect.poll(() => shelf.rowNames().then((names) => names[0])).toBe("charlie-budget.txt");
  });

  await test.step("a converting preview names the file instead of showing a blank box", async () => {
    const docx = readFileSync(new URL("../tests/fixtures/thread-files/hello.docx", import.meta.url)).toString("base64");
    await shelf.dropFiles([
      {
        name: "plan.docx",
        base64: docx,
        type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      },
    ]);
    await expect(shelf.row("plan.docx")).toBeVisible();
    // Hold the converted text until the waiting state has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/content?as=markdown", async (route) => {
      await released;
      await route.continue();
    });
    const preview = await shelf.openPreview("plan.docx");
    await expect(preview.getByTestId("file-preview-converting")).toHaveText("Converting “plan.docx” to text…");
    release();
    await expect(preview.getByTestId("file-preview-markdown")).toContainText("The docx fixture says hello.");
    await shelf.closePreview();
  });
});

test("a shelf upload keeps going while the person switches tabs, can be cancelled, and its batch ends with a summary toast", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const project = new ProjectPage(page);
  const shelf = new DocumentsTab(page);

  await auth.signUp({
    name: "Katherine Johnson",
    email: `katherine-${Date.now()}@example.com`,
    password: "orbital-mechanics-1962",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(await shell.createProject("Uploads")).toBeHidden();
  await project.openTab("documents");

  // Each upload request waits until the test releases it, so the switch happens mid-transfer.
  const held: (() => void)[] = [];
  await page.route("**/api/projects/*/documents", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await new Promise<void>((release) => held.push(release));
    await route.continue();
  });

  await shelf.dropFiles([
    { name: "keep.txt", text: "kept through a tab switch" },
    { name: "empty.txt", text: "" },
    { name: "cancel-me.txt", text: "this one is cancelled while it waits" },
  ]);
  // Refused the moment it was dropped, before anything was sent.
  await expect(shelf.upload("empty.txt")).toHaveAttribute("data-status", "error");
  await expect(shelf.upload("empty.txt").getByRole("alert")).toContainText("The file is empty");
  await expect(shelf.upload("keep.txt")).toHaveAttribute("data-status", "uploading");
  await shelf.upload("cancel-me.txt").getByTestId("shelf-upload-cancel").click();
  await expect(shelf.upload("cancel-me.txt")).toHaveCount(0);

  await project.openTab("instructions");
  await expect(shelf.root).toBeHidden();
  // The tray belongs to the workspace: the transfer is still there, still going.
  await expect(shelf.upload("keep.txt")).toHaveAttribute("data-status", "uploading");
  await expect.poll(() => held.length).toBe(1);
  held.shift()!();
  await expect(shelf.upload("keep.txt")).toHaveAttribute("data-status", "added");

  const summary = page.getByTestId("upload-summary");
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("listitem")).toHaveText([
    "empty.txt failed: The file is empty, so there is nothing to add.",
    "1 document added to the shelf",
  ]);

  await project.openTab("documents");
  await expect(shelf.rows).toHaveCount(1);
  await expect(shelf.row("keep.txt")).toBeVisible();
  expect(held).toHaveLength(0); // the cancelled file never reached the server
});
