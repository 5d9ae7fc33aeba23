import type { Locator, Page } from "@playwright/test";

/** Settings → "Export my data", and the home page's "Import from an export". */
export class PortablePage {
  readonly exportStart: Locator;
  readonly exportDone: Locator;
  readonly importInput: Locator;
  readonly importSummary: Locator;
  readonly importError: Locator;

  constructor(private readonly page: Page) {
    this.exportStart = page.getByTestId("export-start");
    this.exportDone = page.getByTestId("export-done");
    this.importInput = page.getByTestId("import-file-input");
    this.importSummary = page.getByTestId("import-summary");
    this.importError = page.getByTestId("import-error");
  }

  async openSettings() {
    await this.page.getByTestId("account-menu").click();
    await this.page.getByTestId("open-settings").click();
    await this.page.waitForURL("**/workspace/settings");
  }
}
