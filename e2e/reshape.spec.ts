import { expect, test, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { expectAccessible } from "./support/axe";
import { SAME_ORIGIN } from "./support/same-origin";

// Projects reshaped in the browser: fork a project from its menu (the fork names its origin),
// merge it into another with the report of what moved, was already there and was renamed,
// then move a folder to another project and copy a selection of documents; axe on each dialog
// and the report; the menu and dialogs in Chinese. One sign-up in this file.

async function newProject(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/projects", { data: { name }, headers: SAME_ORIGIN });
  expect(res.status()).toBe(201);
  return (await res.json()).project.id;
}

async function upload(page: Page, projectId: string, path: string, text: string) {
  const res = await page.request.post(`/api/projects/${projectId}/documents`, {
    multipart: {
      path,
      file: { name: path.split("/").at(-1)!, mimeType: "text/plain", buffer: Buffer.from(text) },
    },
    headers: SAME_ORIGIN,
  });
  expect(res.status()).toBe(201);
}

/** Closes any toast, so axe reads the page or dialog, not a toast mid-entrance. */
async function closeToasts(page: Page) {
  for (const button of await page
    .locator("[data-sonner-toast]")
    .getByRole("button", { name: /close|关闭/i })
    .all())
    await button.click().catch(() => {});
}

test("fork from the project menu, merge with its report, move a folder and copy a selection to another project", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await new AuthPage(page).signUp({
    name: "Ada Reshape",
    email: `ada-reshape-${Date.now()}@example.com`,
    password: "analytical-engine",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  const thesis = await newProject(page, "Thesis");
  await upload(page, thesis, "Chapters/intro.txt", "The introduction.");
  await upload(page, thesis, "notes.txt", "Thesis notes.");
  const client = await newProject(page, "Client B");
  await upload(page, client, "notes.txt", "Client notes, different bytes.");
  await upload(page, client, "Letters/letter.txt", "A letter.");
  const projectPage = new ProjectPage(page);
  const shelf = new DocumentsTab(page);

  await test.step("fork from the project menu: the fork opens and names its origin", async () => {
    await page.goto(`/workspace/projects/${thesis}`);
    await page.getByTestId("project-menu-trigger").click();
    await expect(page.getByTestId("project-menu")).toBeVisible();
    await page.getByTestId("project-fork").click();
    const dialog = page.getByTestId("fork-project-dialog");
    await expect(dialog.getByTestId("fork-project-name")).toHaveValue("Thesis (fork)");
    await expectAccessible(page, "fork dialog");
    await dialog.getByTestId("fork-project-name").fill("Paper");
    await dialog.getByTestId("fork-project-submit").click();
    await expect(projectPage.name).toHaveText("Paper");
    await expect(page).not.toHaveURL(new RegExp(thesis));
    const forkedFrom = page.getByTestId("project-forked-from");
    await expect(forkedFrom).toHaveText("Forked from Thesis");
    await expect(forkedFrom.getByRole("link", { name: "Thesis" })).toHaveAttribute(
      "href",
      `/workspace/projects/${thesis}`,
    );
    await projectPage.openTab("documents");
    await expect(shelf.rows).toHaveCount(2);
  });

  await test.step("merge the fork into Client B and read the report", async () => {
    await closeToasts(page);
    await page.getByTestId("project-menu-trigger").click();
    await page.getByTestId("project-merge").click();
    const dialog = page.getByTestId("merge-project-dialog");
    await dialog.getByTestId("merge-target").selectOption({ label: "Client B" });
    await dialog.getByTestId("merge-afterwards-delete").check();
    await expectAccessible(page, "merge dialog");
    await dialog.getByTestId("merge-submit").click();
    const report = dialog.getByTestId("merge-report");
    await expect(dialog).toContainText("Merged into “Client B”");
    await expect(report.getByTestId("merge-report-moved")).toHaveText("2 documents moved");
    await expect(report.getByTestId("merge-report-renamed")).toHaveText("notes.txt → notes (2).txt");
    await expectAccessible(page, "merge report");
    await dialog.getByTestId("merge-report-open-target").click();
    await expect(projectPage.name).toHaveText("Client B");
    await projectPage.openTab("documents");
    await expect(shelf.rows).toHaveCount(4);
    await expect(page.getByTestId("folder-entry")).toHaveCount(2);
  });

  await test.step("move a folder to another project", async () => {
    await closeToasts(page);
    await page.getByTestId("folder-entry").filter({ hasText: "Letters" }).click();
    await page.getByTestId("folder-transfer").click();
    await page.getByTestId("folder-move").click();
    const dialog = page.getByTestId("transfer-dialog");
    await expect(dialog).toContainText("Move to another project");
    await dialog.getByTestId("transfer-project").selectOption({ label: "Thesis" });
    await dialog.getByTestId("transfer-folder").selectOption({ label: "Chapters" });
    await expectAccessible(page, "transfer dialog");
    await dialog.getByTestId("transfer-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("folder-entry").filter({ hasText: "Letters" })).toHaveCount(0);
    await page.getByTestId("folder-all").click();
    await expect(shelf.rows).toHaveCount(3);
  });

  await test.step("select documents and copy them to another project", async () => {
    await closeToasts(page);
    for (const name of ["intro.txt", "notes.txt"])
      await page
        .getByTestId("document-select")
        .and(page.getByLabel(`Select “${name}”`))
        .check();
    const bar = page.getByTestId("shelf-selection-bar");
    await expect(bar).toContainText("2 selected");
    await expectAccessible(page, "documents tab with a selection");
    await bar.getByTestId("selection-copy").click();
    const dialog = page.getByTestId("transfer-dialog");
    await dialog.getByTestId("transfer-project").selectOption({ label: "Thesis" });
    await dialog.getByTestId("transfer-submit").click();
    await expect(dialog).toBeHidden();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "2 documents copied to “Thesis”" }),
    ).toBeVisible();
    await expect(bar).toBeHidden();

    await page.goto(`/workspace/projects/${thesis}?tab=documents`);
    await expect(page.getByTestId("folder-entry").filter({ hasText: "Letters" })).toHaveAttribute(
      "data-path",
      "Chapters/Letters",
    );
    // Both land at the root: intro.txt beside its twin in Chapters (only the same folder counts as
    // already there), Client B's notes.txt numbered beside Thesis's own.
    await expect(shelf.rows).toHaveCount(5);
    await expect(shelf.rows.filter({ hasText: "notes (2).txt" })).toHaveCount(1);
  });

  await test.step("the menu and dialogs in Chinese", async () => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: new URL(page.url()).origin }]);
    await page.goto(`/workspace/projects/${thesis}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await page.getByTestId("project-menu-trigger").click();
    await expect(page.getByTestId("project-fork")).toHaveText("复刻项目…");
    await expect(page.getByTestId("project-merge")).toHaveText("合并到另一个项目…");
    await page.getByTestId("project-merge").click();
    const dialog = page.getByTestId("merge-project-dialog");
    await expect(dialog).toContainText("将“Thesis”合并到另一个项目");
    await expect(dialog.getByTestId("merge-submit")).toHaveText("合并");
    await expectAccessible(page, "merge dialog (zh-CN)");
    await page.keyboard.press("Escape");
    await projectPage.openTab("documents");
    await page.getByTestId("document-select").first().check();
    await expect(page.getByTestId("selection-move")).toHaveText("移动到项目…");
  });
});
