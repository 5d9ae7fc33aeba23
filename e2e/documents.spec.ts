import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { WorkspaceShell } from "./pages/workspace-shell";

// better-auth allows 3 sign-in/sign-up requests per 10 s per IP in production builds: this
// file signs up once.

const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/thread-files/${name}`, import.meta.url)).toString("base64");

test("a project's shelf takes dropped files in sequence, previews, downloads, trashes and turns read-only when archived", async ({ page }) => {
  test.setTimeout(120_000);
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const project = new ProjectPage(page);
  const shelf = new DocumentsTab(page);

  await test.step("sign up and open a new project's empty Documents tab", async () => {
    await auth.signUp({ name: "Rosalind Franklin", email: `rosalind-${Date.now()}@example.com`, password: "photo-51-1952" });
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
    await expect(shelf.upload("notes-copy.txt").getByTestId("shelf-upload-note")).toHaveText("Already on the shelf as “notes.txt”");
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
    await shelf.dropFiles([{ name: "huge.bin", sizeBytes: config.uploadMaxBytes + 1, type: "application/octet-stream" }]);
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
    await expect(preview.getByTestId("file-preview-text")).toContainText("The docx fixture says hello.");
    await shelf.closePreview();
  });

  await test.step("download hands over the original bytes", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), shelf.row("notes.txt").getByTestId("document-download").click()]);
    expect(download.suggestedFilename()).toBe("notes.txt");
    expect(readFileSync((await download.path()) ?? "", "utf8")).toContain("The text fixture says hello.");
  });

  await test.step("move to trash names the retention window and the row leaves the list", async () => {
    const dialog = await shelf.openTrashDialog("notes.txt");
    await expect(dialog).toContainText(`It stays in the trash for ${config.trashRetentionDays} days`);
    await dialog.getByTestId("trash-document-dialog-confirm").click();
    await expect(dialog).toBeHidden();
    await expect(shelf.row("notes.txt")).toHaveCount(0);
    await expect(shelf.rows).toHaveCount(2);
  });

  await test.step("an archived project's shelf is read-only but still previews", async () => {
    await project.archive();
    await expect(project.archivedBadge).toBeVisible();
    await project.openTab("documents");
    await expect(shelf.readOnlyBanner).toBeVisible();
    await expect(shelf.uploadButton).toHaveCount(0);
    await expect(shelf.rows).toHaveCount(2);
    await expect(shelf.rows.getByTestId("document-trash")).toHaveCount(0);
    const preview = await shelf.openPreview("hello.docx");
    await expect(preview.getByTestId("file-preview-text")).toContainText("The docx fixture says hello.");
  });
});
