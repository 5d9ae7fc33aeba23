import { readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { WorkspaceShell } from "./pages/workspace-shell";

// better-auth allows 3 sign-in/sign-up requests per 10 s per IP in production builds: this
// file signs up once.

/** Removes every stored file under the server's DATA_DIR whose bytes are exactly `text`. */
function removeStoredFile(text: string): number {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  let removed = 0;
  for (const entry of readdirSync(dataDir, { recursive: true })) {
    const file = path.join(dataDir, String(entry));
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile() || stats.size !== Buffer.byteLength(text)) continue;
    if (readFileSync(file, "utf8") !== text) continue;
    unlinkSync(file);
    removed += 1;
  }
  return removed;
}

const fixture = (name: string) =>
  readFileSync(new URL(`../tests/fixtures/thread-files/${name}`, import.meta.url)).toString("base64");

test("a project's shelf takes dropped files in sequence, previews, downloads, trashes and turns read-only when archived", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const project = new ProjectPage(page);
  const shelf = new DocumentsTab(page);

  await test.step("sign up and open a new project's empty Documents tab", async () => {
    await auth.signUp({
      name: "Rosalind Franklin",
      email: `rosalind-${Date.now()}@example.com`,
      password: "photo-51-1952",
    });
    await expect(page).toHaveURL(/\/workspace$/);
    const dialog = await shell.createProject("Shelf");
    await expect(dialog).toBeHidden();
    await project.openTab("documents");
    await expect(page).toHaveURL(/\?tab=documents$/);
    await expect(shelf.empty).toBeVisible();
  });

  const config = await (await page.request.get("/api/config")).json();

  await test.step("three dropped files upload one after another; the duplicate is noted", async () => {
    // Hold each upload a moment so the queue can be seen: one file uploading, the rest waiting.
    const started: string[] = [];
    await page.route("**/api/projects/*/documents", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      started.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const notes = "Shelf notes\nThe text fixture says hello.\n";
    await shelf.dropFiles(
      [
        { name: "notes.txt", text: notes },
        { name: "hello.pdf", base64: fixture("hello.pdf"), type: "application/pdf" },
        { name: "notes-copy.txt", text: notes },
      ],
      { whileDragging: () => expect(shelf.dropOverlay).toContainText("Drop files to add them to the shelf") },
    );
    await expect(shelf.dropOverlay).toBeHidden();
    await expect(shelf.uploads).toHaveCount(3);
    await expect(shelf.upload("notes.txt")).toHaveAttribute("data-status", "uploading");
    await expect(shelf.upload("notes.txt").getByTestId("shelf-upload-progress")).toBeVisible();
    await expect(shelf.upload("hello.pdf")).toHaveAttribute("data-status", "queued");
    await expect(shelf.upload("notes-copy.txt")).toHaveAttribute("data-status", "queued");

    await expect(shelf.upload("notes.txt")).toHaveAttribute("data-status", "added");
    await expect(shelf.upload("hello.pdf")).toHaveAttribute("data-status", "added");
    await expect(shelf.upload("notes-copy.txt")).toHaveAttribute("data-status", "deduplicated");
    await expect(shelf.upload("notes-copy.txt").getByTestId("shelf-upload-note")).toHaveText(
      "Already on the shelf as “notes.txt”",
    );
    await expect(shelf.uploads.getByTestId("shelf-upload-progress")).toHaveCount(0);
    expect(started).toHaveLength(3);
    await page.unroute("**/api/projects/*/documents");
    await expect(shelf.rows).toHaveCount(2);
    await expect(shelf.count).toHaveText("2 documents on the shelf");
  });

  await test.step("the Upload button adds a DOCX; a dropped file over the limit is refused with the limit", async () => {
    await shelf.fileInput.setInputFiles({
      name: "hello.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: Buffer.from(fixture("hello.docx"), "base64"),
    });
    await expect(shelf.upload("hello.docx")).toHaveAttribute("data-status", "added");
    await expect(shelf.rows).toHaveCount(3);
    // Built in the page: Playwright will not carry a buffer this large into a file input.
    await shelf.dropFiles([
      { name: "huge.bin", sizeBytes: config.uploadMaxBytes + 1, type: "application/octet-stream" },
    ]);
    await expect(shelf.upload("huge.bin").getByRole("alert")).toContainText("Too large: documents can be at most");
    await page.getByTestId("shelf-uploads-clear").click();
    await expect(shelf.uploads).toHaveCount(0);
  });

  await test.step("preview: text as text, PDF in the browser's viewer, DOCX as converted text", async () => {
    let preview = await shelf.openPreview("notes.txt");
    await expect(preview.getByTestId("file-preview-title")).toHaveText("notes.txt");
    await expect(preview.getByTestId("file-preview-text")).toContainText("The text fixture says hello.");
    await shelf.closePreview();
    await expect(preview).toBeHidden();

    preview = await shelf.openPreview("hello.pdf");
    const frame = preview.getByTestId("file-preview-pdf");
    await expect(frame).toBeVisible();
    const pdf = await page.request.get((await frame.getAttribute("src")) ?? "");
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    await shelf.closePreview();

    preview = await shelf.openPreview("hello.docx");
    await expect(preview.getByTestId("file-preview-converted-note")).toBeVisible();
    await expect(preview.getByTestId("file-preview-markdown")).toContainText("The docx fixture says hello.");
    await shelf.closePreview();
  });

  await test.step("a Markdown document previews rendered, not as raw text", async () => {
    await shelf.fileInput.setInputFiles({
      name: "readme.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Shelf readme\n\n- **first** point\n"),
    });
    await expect(shelf.upload("readme.md")).toHaveAttribute("data-status", "added");
    const preview = await shelf.openPreview("readme.md");
    await expect(
      preview.getByTestId("file-preview-markdown").getByRole("heading", { name: "Shelf readme" }),
    ).toBeVisible();
    await expect(preview.getByTestId("file-preview-markdown").getByRole("listitem")).toHaveText("first point");
    await expect(preview.getByTestId("file-preview-text")).toHaveCount(0);
    await shelf.closePreview();
  });

  const goneText = `This stored file will go missing ${Date.now()}.\n`;
  await test.step("a row whose stored file is missing shows the badge and only Move to trash", async () => {
    await shelf.fileInput.setInputFiles({ name: "gone.txt", mimeType: "text/plain", buffer: Buffer.from(goneText) });
    await expect(shelf.upload("gone.txt")).toHaveAttribute("data-status", "added");
    expect(removeStoredFile(goneText)).toBe(1);
    // The listing never checks the disk; the first read that finds the file gone flags the row.
    const preview = await shelf.openPreview("gone.txt");
    await expect(preview.getByTestId("file-preview-content-missing")).toBeVisible();
    await shelf.closePreview();
    await page.reload();
    const row = shelf.row("gone.txt");
    await expect(row.getByTestId("document-missing")).toBeVisible();
    await expect(row.getByTestId("document-trash")).toBeVisible();
    await expect(row.getByTestId("document-preview")).toHaveCount(0);
    await expect(row.getByTestId("document-download")).toHaveCount(0);
    await expect(row.getByTestId("document-attach")).toHaveCount(0);
    await expect(shelf.rows).toHaveCount(5);
  });

  await test.step("download hands over the original bytes", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      shelf.row("notes.txt").getByTestId("document-download").click(),
    ]);
    expect(download.suggestedFilename()).toBe("notes.txt");
    expect(readFileSync((await download.path()) ?? "", "utf8")).toContain("The text fixture says hello.");
  });

  await test.step("move to trash names the retention window and the row leaves the list", async () => {
    const dialog = await shelf.openTrashDialog("notes.txt");
    await expect(dialog).toContainText(`It stays in the trash for ${config.trashRetentionDays} days`);
    await dialog.getByTestId("trash-document-dialog-confirm").click();
    await expect(dialog).toBeHidden();
    await expect(shelf.row("notes.txt")).toHaveCount(0);
    await expect(shelf.rows).toHaveCount(4);
  });

  await test.step("Undo in the toast puts the document back on the shelf", async () => {
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(shelf.row("notes.txt")).toHaveCount(1);
    await expect(shelf.rows).toHaveCount(5);
    const dialog = await shelf.openTrashDialog("notes.txt");
    await dialog.getByTestId("trash-document-dialog-confirm").click();
    await expect(shelf.row("notes.txt")).toHaveCount(0);
  });

  await test.step("an archived project's shelf is read-only but still previews", async () => {
    await project.archive();
    await expect(project.archivedBadge).toBeVisible();
    await project.openTab("documents");
    await expect(shelf.readOnlyBanner).toBeVisible();
    await expect(shelf.uploadButton).toHaveCount(0);
    await expect(shelf.rows).toHaveCount(4);
    await expect(shelf.rows.getByTestId("document-trash")).toHaveCount(0);
    // The missing file's row offers no action at all on a read-only shelf.
    await expect(shelf.row("gone.txt").getByTestId("document-missing")).toBeVisible();
    await expect(shelf.row("gone.txt").getByRole("button")).toHaveCount(0);
    await expect(shelf.row("gone.txt").getByRole("link")).toHaveCount(0);
    const preview = await shelf.openPreview("hello.docx");
    await expect(preview.getByTestId("file-preview-markdown")).toContainText("The docx fixture says hello.");
  });
});
