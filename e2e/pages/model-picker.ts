import type { Locator, Page } from "@playwright/test";

/** The model picker in a chat's composer. */
export class ModelPicker {
  readonly trigger: Locator;
  readonly search: Locator;
  readonly options: Locator;
  readonly groups: Locator;

  constructor(page: Page) {
    this.trigger = page.getByTestId("model-picker-trigger");
    this.search = page.getByTestId("model-picker-search");
    this.options = page.getByTestId("model-picker-option");
    this.groups = page.getByTestId("model-picker-group");
  }

  option(modelId: string): Locator {
    return this.options.and(this.trigger.page().locator(`[data-model-id="${modelId}"]`));
  }
}
