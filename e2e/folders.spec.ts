import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { expectAccessible } from "./support/axe";
import { SAME_ORIGIN } from "./support/same-origin";

// Shelf folders and a chat's scope in the browser: make a folder, drag a document into it,
// upload a folder from disk (its subfolders made to match), scope a chat with `#` in the
// composer, and see the scope in the context dialog; axe on the tab and on the chat. One
// sign-up in this file (better-auth allows 3 per 10 s in production builds).

test("folders on the shelf, a folder from disk, and a chat scoped with #", async ({ page }) => {
  await new AuthPage(page).signUp({
    name: "Ada Folders",
    email: `ada-folders-${Date.now()}@example.com`,
    password: "analytical-engine",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  const { project } = await (
    await page.request.post("/api/projects", { data: { name: "Archive work" }, headers: SAME_ORIGIN })
  ).json();
  await page.request.post(`/api/projects/${project.id}/documents`, {
    multipart: { file: { name: "minutes.txt", mimeType: "text/plain", buffer: Buffer.from("Board minutes.") } },
    headers: SAME_ORIGIN,
  });

  await page.goto(`/workspace/projects/${project.id}`);
  await new ProjectPage(page).openTab("documents");
  const shelf = new DocumentsTab(page);
  await expect(shelf.rows).toHaveCount(1);

  // A new folder, by keyboard.
  await page.getByTestId("folder-new").click();
  await page.getByTestId("folder-name-input").fill("Reports");
  await page.getByTestId("folder-name-input").press("Enter");
  const reports = page.getByTestId("folder-entry").filter({ hasText: "Reports" });
  await expect(reports).toBeVisible();

  // Drag the document onto the folder: it moves there and shows its folder.
  await shelf.rows.first().dragTo(reports);
  await expect(shelf.rows.first().getByTestId("document-folder")).toHaveText("Reports");
  await reports.click();
  await expect(page.getByTestId("breadcrumb-current")).toHaveText("Reports");
  await expect(shelf.rows).toHaveCount(1);
  await page.getByTestId("folder-root").click();
  await expect(shelf.rows).toHaveCount(0);

  // A folder from disk, through the folder picker: every file in matching folders.
  const disk = mkdtempSync(path.join(os.tmpdir(), "e2e-folder-"));
  mkdirSync(path.join(disk, "Drop", "Sub"), { recursive: true });
  writeFileSync(path.join(disk, "Drop", "a.txt"), "alpha");
  writeFileSync(path.join(disk, "Drop", "Sub", "b.txt"), "beta");
  await page.getByTestId("documents-folder-input").setInputFiles(path.join(disk, "Drop"));
  await expect(page.getByTestId("folder-entry").filter({ hasText: "Sub" })).toHaveAttribute("data-path", "Drop/Sub");
  await expect(page.getByTestId("upload-summary")).toContainText("2");
  await page.getByTestId("folder-all").click();
  await expect(shelf.rows).toHaveCount(3);
  // The upload summary is a toast of its own (checked in the upload specs): gone before axe looks.
  await expect(page.getByTestId("upload-summary")).toBeHidden({ timeout: 15_000 });
  await expectAccessible(page, "the Documents tab with folders");

  // A chat of the project, scoped with # in the composer.
  const { thread } = await (
    await page.request.post("/api/threads", { data: { projectId: project.id, title: "Scoped" }, headers: SAME_ORIGIN })
  ).json();
  await page.goto(`/workspace/chats/${thread.id}`);
  const input = page.getByTestId("composer-input");
  await input.fill("Summarise #Rep");
  const option = page.getByTestId("scope-hash-option").filter({ hasText: "Reports" });
  await expect(option).toBeVisible();
  await input.press("Enter");
  await expect(input).toHaveValue("Summarise ");
  await expect(page.getByTestId("scope-button")).toContainText("1");

  await page.getByTestId("context-button").click();
  const scope = page.getByTestId("context-scope");
  await expect(scope).toContainText("Reports/");
  await expect(page.getByTestId("context-index-entries")).toContainText("1");
  await expectAccessible(page, "the context dialog of a scoped chat");
  await page.keyboard.press("Escape");

  await page.getByTestId("scope-button").click();
  await expect(page.getByTestId("scope-chip")).toHaveText("Reports");
  await expectAccessible(page, "the Scope dialog");
});
