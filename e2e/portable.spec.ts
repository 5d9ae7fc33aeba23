import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { PortablePage } from "./pages/portable";
import { SAME_ORIGIN } from "./support/same-origin";

// Taking data out and bringing it back in through the UI: Settings → "Export my data"
// downloads the zip, the home page's drop zone imports it (projects made unique as
// "name (2)") and says what came in; a file that is no export is refused with the reason.

test("export my data from Settings, import it on the home page, and refuse a file that is no export", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const auth = new AuthPage(page);
  const portable = new PortablePage(page);
  await auth.signUp({ name: "Porter", email: `porter-${Date.now()}@example.test`, password: "correct horse battery" });
  await page.waitForURL("**/workspace");

  const created = await page.request.post("/api/projects", {
    data: { name: "Travel plans", instructions: "用中文回答" },
    headers: SAME_ORIGIN,
  });
  const { project } = await created.json();
  const upload = await page.request.post(`/api/projects/${project.id}/documents`, {
    multipart: { file: { name: "itinerary.md", mimeType: "text/markdown", buffer: Buffer.from("# Day 1\nKyoto") } },
    headers: SAME_ORIGIN,
  });
  expect(upload.status()).toBe(201);

  await portable.openSettings();
  const downloading = page.waitForEvent("download");
  await portable.exportStart.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^workspace-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(portable.exportDone).toBeVisible();
  const zip = await readFile((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe("PK");

  await page.goto("/workspace");
  await portable.importInput.setInputFiles({ name: "export.zip", mimeType: "application/zip", buffer: zip });
  await expect(portable.importSummary).toHaveText("Imported 2 projects, 1 document and no chats.");
  await expect(page.getByTestId("home-project-card").filter({ hasText: "Travel plans (2)" })).toBeVisible();

  await portable.importInput.setInputFiles({
    name: "notes.zip",
    mimeType: "application/zip",
    buffer: Buffer.from("not a zip"),
  });
  await expect(portable.importError).toContainText("not a readable zip archive");
});
