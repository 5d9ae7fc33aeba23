import type { Locator, Page } from "@playwright/test";

/** /workspace/trash: trashed documents with restore, delete permanently and empty trash. */
export class TrashPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly count: Locator;
  readonly emptyTrashButton: Locator;
  readonly emptyTrashDialog: Locator;
  readonly purgeDialog: Locator;
  readonly restoreTargetDialog: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId("trash-view");
    this.rows = page.getByTestId("trash-row");
    this.empty = page.getByTestId("trash-empty");
    this.count = page.getByTestId("trash-count");
    this.emptyTrashButton = page.getByTestId("empty-trash");
    this.emptyTrashDialog = page.getByTestId("empty-trash-dialog");
    this.purgeDialog = page.getByTestId("purge-document-dialog");
    this.restoreTargetDialog = page.getByTestId("restore-target-dialog");
  }

  row(name: string): Locator {
    return this.rows.and(this.page.locator(`[data-name="${name}"]`));
  }

  /** Restore; when the origin is gone this opens the project picker, returned for the caller. */
  async restore(name: string): Promise<Locator> {
    await this.row(name).getByTestId("trash-restore").click();
    return this.restoreTargetDialog;
  }

  async pickRestoreTarget(projectName: string) {
    await this.restoreTargetDialog.getByTestId("restore-target").filter({ hasText: projectName }).click();
  }

  /** Opens the "delete permanently" confirmation and returns it, so its copy can be checked. */
  async openPurgeDialog(name: string): Promise<Locator> {
    await this.row(name).getByTestId("trash-purge").click();
    return this.purgeDialog;
  }

  async openEmptyTrashDialog(): Promise<Locator> {
    await this.emptyTrashButton.click();
    return this.emptyTrashDialog;
  }
}
