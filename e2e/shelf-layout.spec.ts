import { expect, test, type Locator, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { DocumentsTab } from "./pages/documents-tab";
import { ProjectPage } from "./pages/project-page";
import { expectAccessible } from "./support/axe";
import { SAME_ORIGIN } from "./support/same-origin";

// The shelf as a newcomer reads it (issue 35): at 1440 px the name has the row, the actions
// are named icon buttons, date and folder are whole, a search snippet is plain text with its
// words marked, and the page uses the screen's width; on a 390 px phone the actions sit in one
// menu and nothing is wider than the screen. A damaged image dropped on the shelf is refused
// with the server's reason, and the search index's progress is said while work remains. One
// sign-up in this file (better-auth allows 3 per 10 s).

test.use({ viewport: { width: 1440, height: 900 } });

const LONG_NAME = "literature-review-of-coastal-lighthouse-keepers-2026.txt";
const FOLDER = "Quarterly reports and minutes";
const CHAPTER = "chapter-one.md";

async function upload(page: Page, projectId: string, name: string, text: string, path?: string) {
  const res = await page.request.post(`/api/projects/${projectId}/documents`, {
    multipart: {
      ...(path ? { path } : {}),
      file: { name, mimeType: "text/plain", buffer: Buffer.from(text) },
    },
    headers: SAME_ORIGIN,
  });
  expect(res.status()).toBe(201);
}

/** Whether an element shows all of its text: nothing clipped sideways or below. */
function showsWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1,
  );
}

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.width;
}

test("the shelf's rows read at 1440 px and on a phone, and a damaged image says why it was refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await new AuthPage(page).signUp({
    name: "Grace Shelf",
    email: `grace-shelf-${Date.now()}@example.com`,
    password: "readable-shelf-rows",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  const { project } = await (
    await page.request.post("/api/projects", { data: { name: "Reading" }, headers: SAME_ORIGIN })
  ).json();
  await upload(page, project.id, LONG_NAME, "Notes on the keepers of the coast.");
  await upload(page, project.id, "minutes.txt", "Board minutes.", `${FOLDER}/minutes.txt`);
  await upload(
    page,
    project.id,
    CHAPTER,
    "# The lighthouse chapter\n\nThe **keeper** climbed the stairs every night at dusk.",
  );

  const shelf = new DocumentsTab(page);
  await page.goto(`/workspace/projects/${project.id}`);
  await new ProjectPage(page).openTab("documents");
  await expect(shelf.rows).toHaveCount(3);

  await test.step("at 1440 px the name has most of the row, whole, and the page uses the width", async () => {
    const row = shelf.row(LONG_NAME);
    const name = row.getByTestId("document-name");
    await expect(name).toHaveText(LONG_NAME);
    expect(await showsWhole(name)).toBe(true);
    expect(await width(row.getByTestId("document-name-cell"))).toBeGreaterThanOrEqual(0.4 * (await width(row)));
    expect(await width(shelf.root)).toBeGreaterThan(1000);
  });

  await test.step("the actions are icon buttons named for the document, the tooltip has the whole name", async () => {
    const row = shelf.row(LONG_NAME);
    await expect(row.getByRole("button", { name: `Preview ${LONG_NAME}` })).toBeVisible();
    await expect(row.getByRole("link", { name: `Download ${LONG_NAME}` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Attach ${LONG_NAME} to a chat` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Move ${LONG_NAME} to a folder` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Move ${LONG_NAME} to the trash` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Actions for ${LONG_NAME}` })).toBeHidden();
    await expect(row.getByTestId("document-name")).toHaveAttribute("title", LONG_NAME);
    await row.getByRole("button", { name: `Preview ${LONG_NAME}` }).click();
    await expect(shelf.preview).toContainText("Notes on the keepers of the coast.");
    await shelf.closePreview();
    await expect(shelf.preview).toBeHidden();
  });

  await test.step("the date and the folder are shown whole", async () => {
    const row = shelf.row("minutes.txt");
    await expect(row.getByTestId("document-folder")).toHaveText(FOLDER);
    expect(await showsWhole(row.getByTestId("document-folder"))).toBe(true);
    await expect(row.getByTestId("document-modified")).toContainText(/modified/i);
    expect(await showsWhole(row.getByTestId("document-modified"))).toBe(true);
  });

  await test.step("a search snippet is plain text with the matched words marked", async () => {
    await shelf.search.fill("lighthouse");
    const row = shelf.row(CHAPTER);
    const snippet = row.getByTestId("document-snippet");
    await expect(snippet).toContainText("The lighthouse chapter The keeper climbed the stairs");
    await expect(snippet).not.toContainText("#");
    await expect(snippet).not.toContainText("**");
    await expect(snippet.locator("mark")).toHaveText(["lighthouse"]);
    await shelf.search.fill("");
    await expect(shelf.rows).toHaveCount(3);
  });

  await test.step("on a 390 px phone the actions are one menu, the name keeps the row, nothing overflows", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const row = shelf.row(LONG_NAME);
    await expect(row.getByRole("button", { name: `Preview ${LONG_NAME}` })).toBeHidden();
    const actions = row.getByRole("button", { name: `Actions for ${LONG_NAME}` });
    await expect(actions).toBeVisible();
    expect(await width(row.getByTestId("document-name-cell"))).toBeGreaterThanOrEqual(0.5 * (await width(row)));
    await expect(row.getByTestId("document-modified")).toBeVisible();
    expect(await showsWhole(row.getByTestId("document-modified"))).toBe(true);
    const overflow = await page.evaluate(() =>
      Math.max(
        document.documentElement.scrollWidth - window.innerWidth,
        ...[...document.querySelectorAll("main")].map((element) => element.scrollWidth - element.clientWidth),
      ),
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await actions.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Download" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Move to trash" })).toBeVisible();
    await expectAccessible(page, "the row menu on a phone");
    await menu.getByRole("menuitem", { name: "Preview" }).click();
    await expect(shelf.preview).toContainText("Notes on the keepers of the coast.");
    await shelf.closePreview();
    await expect(shelf.preview).toBeHidden();
    await expectAccessible(page, "the shelf on a phone");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step("a damaged image on the shelf is refused with the server's reason", async () => {
    await shelf.dropFiles([{ name: "broken.png", text: "these bytes are no picture", type: "image/png" }]);
    const note = shelf.upload("broken.png").getByTestId("shelf-upload-note");
    await expect(note).toContainText("The image could not be read");
    await expect(note).not.toContainText(/connection/i);
    await expect(shelf.rows).toHaveCount(3);
  });

  await test.step("the tab says how far the search index is while work remains, and why an embedder fails", async () => {
    // The e2e server has no embedder, so the index's answers are scripted: two polls of work,
    // then done; after a reload, a failing embedder.
    const embedding = { model: "embed", dimensions: 768, stale: 0, lastError: null as string | null };
    const answers = [
      { embedding: { ...embedding, embedded: 120, waiting: 280, failing: 0 } },
      { embedding: { ...embedding, embedded: 260, waiting: 140, failing: 0 } },
      { embedding: { ...embedding, embedded: 400, waiting: 0, failing: 0 } },
    ];
    await page.route("**/api/projects/*/search-status", (route) =>
      route.fulfill({
        json: {
          passages: 400,
          documents: 3,
          documentsWaiting: 0,
          ...(answers.length > 1 ? answers.shift() : answers[0]),
        },
      }),
    );
    await page.reload();
    const status = page.getByTestId("search-index-status");
    await expect(status).toHaveText(/^Indexing (120|260) of 400 passages$/);
    // Polled while work remains: the line goes once the index answers that all is done.
    await expect(status).toBeHidden();

    answers.splice(0, answers.length, {
      embedding: {
        ...embedding,
        embedded: 390,
        waiting: 0,
        failing: 10,
        lastError: "connect ECONNREFUSED 127.0.0.1:11434",
      },
    });
    await page.reload();
    await expect(status).toContainText("10 passages");
    await expect(status).toContainText("connect ECONNREFUSED 127.0.0.1:11434");
    await expect(page.getByTestId("search-index-progress")).toHaveCount(0);
    await page.unroute("**/api/projects/*/search-status");
  });
});
