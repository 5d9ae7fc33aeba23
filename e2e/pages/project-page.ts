import type { Locator, Page } from "@playwright/test";

type Tab = "chats" | "documents" | "instructions" | "settings";

export class ProjectPage {
  readonly name: Locator;
  readonly archivedBadge: Locator;
  readonly instructions: Locator;
  readonly byteCount: Locator;
  readonly instructionsError: Locator;
  readonly unsaved: Locator;
  readonly save: Locator;
  readonly renameInput: Locator;
  readonly renameSubmit: Locator;
  readonly newChat: Locator;
  readonly newChatArchivedNote: Locator;
  readonly chats: Locator;
  readonly discardDialog: Locator;

  constructor(private readonly page: Page) {
    const main = page.locator("main");
    this.name = main.getByTestId("project-name");
    this.archivedBadge = main.getByTestId("archived-badge");
    this.instructions = page.getByTestId("instructions-input");
    this.byteCount = page.getByTestId("instructions-byte-count");
    this.instructionsError = page.getByTestId("instructions-error");
    this.unsaved = page.getByTestId("instructions-unsaved");
    this.save = page.getByTestId("instructions-save");
    this.renameInput = page.getByTestId("rename-project-input");
    this.renameSubmit = page.getByTestId("rename-project-submit");
    this.newChat = page.getByTestId("project-new-chat");
    this.newChatArchivedNote = page.getByTestId("new-chat-archived-note");
    this.chats = page.getByTestId("project-chat");
    this.discardDialog = page.getByTestId("discard-instructions");
  }

  tab(tab: Tab): Locator {
    return this.page.getByTestId(`tab-${tab}`);
  }

  async openTab(tab: Tab) {
    await this.tab(tab).click();
  }

  async rename(name: string) {
    await this.openTab("settings");
    await this.renameInput.fill(name);
    await this.renameSubmit.click();
  }

  async archive() {
    await this.openTab("settings");
    await this.page.getByTestId("archive-project").click();
  }

  /** Opens the delete confirmation and returns it, so its copy can be checked before confirming. */
  async openDeleteDialog(): Promise<Locator> {
    await this.openTab("settings");
    await this.page.getByTestId("delete-project").click();
    return this.page.getByTestId("delete-project-dialog");
  }
}
