import type { Locator, Page } from "@playwright/test";

export class ThreadPage {
  readonly title: Locator;
  readonly projectBadge: Locator;
  readonly conversation: Locator;

  constructor(private readonly page: Page) {
    this.title = page.getByTestId("thread-title");
    this.projectBadge = page.getByTestId("thread-project-badge");
    this.conversation = page.getByTestId("chat-panel");
  }

  async rename(title: string) {
    await this.page.getByTestId("thread-rename").click();
    await this.page.getByTestId("thread-title-input").fill(title);
    await this.page.getByTestId("thread-title-input").press("Enter");
  }

  private async openMoveMenu(): Promise<Locator> {
    await this.page.locator("header").getByTestId("move-thread-trigger").click();
    return this.page.getByTestId("move-thread-menu");
  }

  async moveOutOfProject() {
    const menu = await this.openMoveMenu();
    await menu.getByTestId("move-thread-out").click();
  }

  async moveInto(projectName: string) {
    const menu = await this.openMoveMenu();
    await menu.getByTestId("move-thread-target").filter({ hasText: projectName }).click();
  }
}
