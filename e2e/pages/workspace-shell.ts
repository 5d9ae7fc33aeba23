import type { Locator, Page } from "@playwright/test";

/** The sidebar and account menu present on every workspace page. */
export class WorkspaceShell {
  readonly sidebar: Locator;
  readonly newChat: Locator;
  readonly accountMenu: Locator;

  constructor(private readonly page: Page) {
    this.sidebar = page.getByTestId("sidebar");
    this.newChat = page.getByTestId("new-chat");
    this.accountMenu = page.getByTestId("account-menu");
  }

  activeProjectLink(name: string): Locator {
    return this.sidebar.getByTestId("sidebar-project").filter({ hasText: name });
  }

  /** Any project link in the sidebar, active or (once the group is open) archived. */
  anyProjectLink(name: string): Locator {
    return this.sidebar
      .locator('[data-testid="sidebar-project"], [data-testid="sidebar-archived-project"]')
      .filter({ hasText: name });
  }

  async createProject(name: string) {
    await this.sidebar.getByTestId("sidebar-new-project").click();
    const dialog = this.page.getByTestId("new-project-dialog");
    await dialog.getByTestId("new-project-name").fill(name);
    await dialog.getByTestId("new-project-submit").click();
    return dialog;
  }

  async openArchivedGroup() {
    const toggle = this.sidebar.getByTestId("sidebar-archived-toggle");
    if ((await toggle.count()) > 0 && (await toggle.getAttribute("data-state")) !== "open") await toggle.click();
  }

  async switchLocale(locale: "en-US" | "zh-CN") {
    await this.accountMenu.click();
    await this.page.getByTestId(`locale-${locale}`).click();
  }

  async signOut() {
    await this.accountMenu.click();
    await this.page.getByTestId("sign-out").click();
  }
}
