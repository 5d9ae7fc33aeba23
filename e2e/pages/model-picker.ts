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

  group(endpoint: string): Locator {
    return this.groups.and(this.trigger.page().locator(`[data-endpoint="${endpoint}"]`));
  }

  /** The option's element id, which the search box names as its active descendant. */
  async optionDomId(modelId: string): Promise<string> {
    const id = await this.option(modelId).getAttribute("id");
    if (!id) throw new Error(`option ${modelId} has no id`);
    return id;
  }
}
