import type { Locator, Page } from "@playwright/test";

/** A file for a synthetic drop: text, bytes given as base64 (PDF, DOCX), or that many zero bytes. */
export interface ShelfFile {
  name: string;
  text?: string;
  base64?: string;
  sizeBytes?: number;
  type?: string;
}

/**
 * The Documents tab of a project page: uploads, the shelf list, preview, attach and trash,
 * and below the shelf the files of the project's chats with Save to project.
 */
export class DocumentsTab {
  readonly root: Locator;
  readonly uploadButton: Locator;
  readonly fileInput: Locator;
  readonly uploads: Locator;
  readonly rows: Locator;
  readonly count: Locator;
  readonly empty: Locator;
  readonly readOnlyBanner: Locator;
  readonly dropOverlay: Locator;
  readonly preview: Locator;
  readonly trashDialog: Locator;
  readonly trashLink: Locator;
  readonly threadFileGroups: Locator;
  readonly saveDialog: Locator;
  readonly attachDialog: Locator;
  readonly search: Locator;
  readonly sort: Locator;
  readonly noMatch: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId("documents-tab");
    this.uploadButton = page.getByTestId("documents-upload");
    this.fileInput = page.getByTestId("documents-file-input");
    this.uploads = page.getByTestId("shelf-upload");
    this.rows = page.getByTestId("document-row");
    this.count = page.getByTestId("documents-count");
    this.empty = page.getByTestId("documents-empty");
    this.readOnlyBanner = page.getByTestId("documents-read-only");
    this.dropOverlay = page.getByTestId("drop-overlay");
    this.preview = page.getByTestId("file-preview");
    this.trashDialog = page.getByTestId("trash-document-dialog");
    this.trashLink = page.getByTestId("documents-trash-link");
    this.threadFileGroups = page.getByTestId("thread-file-group");
    this.saveDialog = page.getByTestId("save-to-project-dialog");
    this.attachDialog = page.getByTestId("attach-to-chat-dialog");
    this.search = page.getByTestId("documents-search");
    this.sort = page.getByTestId("documents-sort");
    this.noMatch = page.getByTestId("documents-no-match");
  }

  /** A chat's group in the conversation-files view, by its title. */
  threadFileGroup(title: string): Locator {
    return this.threadFileGroups.filter({
      has: this.page.getByTestId("thread-file-group-title").filter({ hasText: title }),
    });
  }

  threadFile(group: Locator, name: string): Locator {
    return group.getByTestId("thread-file").and(this.page.locator(`[data-filename="${name}"]`));
  }

  /** Save to project from a chat's file, under `shelfName`; returns the dialog showing the outcome. */
  async saveToProject(group: Locator, name: string, shelfName: string): Promise<Locator> {
    await this.threadFile(group, name).getByTestId("thread-file-save").click();
    await this.saveDialog.getByTestId("save-to-project-name").fill(shelfName);
    await this.saveDialog.getByTestId("save-to-project-submit").click();
    return this.saveDialog;
  }

  /** Attach a shelf document to a chat picked by title (typed into the picker's search). */
  async attachToChat(name: string, chatTitle: string) {
    await this.row(name).getByTestId("document-attach").click();
    await this.attachDialog.getByTestId("chat-picker-search").fill(chatTitle);
    await this.attachDialog.getByTestId("chat-picker-option").filter({ hasText: chatTitle }).click();
  }

  upload(name: string): Locator {
    return this.uploads.and(this.page.locator(`[data-filename="${name}"]`));
  }

  /** The shelf's row names, top to bottom (the rows rendered: all of a short shelf). */
  async rowNames(): Promise<string[]> {
    return this.rows.evaluateAll((rows) =>
      rows
        .map((row) => ({ name: row.getAttribute("data-name") ?? "", top: row.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map((row) => row.name),
    );
  }

  row(name: string): Locator {
    return this.rows.and(this.page.locator(`[data-name="${name}"]`));
  }

  /**
   * Drops files the way a browser does (dragenter, dragover, drop) with a DataTransfer of
   * File objects built in the page.
   */
  async dropFiles(files: ShelfFile[], { whileDragging }: { whileDragging?: () => Promise<void> } = {}) {
    const dataTransfer = await this.page.evaluateHandle((specs: ShelfFile[]) => {
      const transfer = new DataTransfer();
      for (const spec of specs) {
        const bytes =
          spec.base64 !== undefined
            ? Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0))
            : spec.sizeBytes !== undefined
              ? new Uint8Array(spec.sizeBytes)
              : (spec.text ?? "");
        transfer.items.add(new File([bytes], spec.name, { type: spec.type ?? "text/plain" }));
      }
      return transfer;
    }, files);
    await this.root.dispatchEvent("dragenter", { dataTransfer });
    await this.root.dispatchEvent("dragover", { dataTransfer });
    await whileDragging?.();
    await this.root.dispatchEvent("drop", { dataTransfer });
  }

  async openPreview(name: string): Promise<Locator> {
    await this.row(name).getByTestId("document-preview").click();
    return this.preview;
  }

  async closePreview() {
    await this.page.keyboard.press("Escape");
  }

  /** Opens the trash confirmation for a document and returns it, so its copy can be checked. */
  async openTrashDialog(name: string): Promise<Locator> {
    await this.row(name).getByTestId("document-trash").click();
    return this.trashDialog;
  }
}
