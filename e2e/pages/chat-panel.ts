import type { Locator, Page } from "@playwright/test";

export interface DroppedFile {
  name: string;
  content?: string;
  /** A file of this many zero bytes instead of `content` (for the size limit). */
  sizeBytes?: number;
  type?: string;
}

/** The conversation area of a chat page: messages, composer, uploads, files and previews. */
export class ChatPanel {
  readonly root: Locator;
  readonly empty: Locator;
  readonly messages: Locator;
  readonly userMessages: Locator;
  readonly assistantMessages: Locator;
  readonly messageList: Locator;
  readonly composer: Locator;
  readonly input: Locator;
  readonly send: Locator;
  readonly stop: Locator;
  readonly fileInput: Locator;
  readonly chips: Locator;
  readonly dropOverlay: Locator;
  readonly status: Locator;
  readonly error: Locator;
  readonly toolCalls: Locator;
  readonly outputCards: Locator;
  readonly preview: Locator;
  readonly filesToggle: Locator;
  readonly filesPanel: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId("chat-panel");
    this.empty = page.getByTestId("chat-empty");
    this.messages = page.getByTestId("message");
    this.userMessages = page.locator('[data-testid="message"][data-role="user"]');
    this.assistantMessages = page.locator('[data-testid="message"][data-role="assistant"]');
    this.messageList = page.getByTestId("message-list");
    this.composer = page.getByTestId("composer");
    this.input = page.getByTestId("composer-input");
    this.send = page.getByTestId("composer-send");
    this.stop = page.getByTestId("composer-stop");
    this.fileInput = page.getByTestId("composer-file-input");
    this.chips = page.getByTestId("upload-chip");
    this.dropOverlay = page.getByTestId("drop-overlay");
    this.status = page.getByTestId("chat-status");
    this.error = page.getByTestId("chat-error");
    this.toolCalls = page.getByTestId("tool-call");
    this.outputCards = page.getByTestId("output-file-card");
    this.preview = page.getByTestId("file-preview");
    this.filesToggle = page.getByTestId("files-toggle");
    this.filesPanel = page.getByTestId("files-panel");
  }

  chip(filename: string): Locator {
    return this.chips.and(this.page.locator(`[data-filename="${filename}"]`));
  }

  async sendMessage(text: string) {
    await this.input.fill(text);
    await this.input.press("Enter");
  }

  /** Waits until no reply is being written. */
  idle(): Locator {
    return this.page.locator('[data-testid="chat-status"][data-status="ready"]');
  }

  /**
   * Drops files the way a browser does (dragenter, dragover, drop with a DataTransfer of
   * File objects built in the page); `target` decides who receives it.
   */
  async dropFiles(
    target: Locator,
    files: DroppedFile[],
    { whileDragging }: { whileDragging?: () => Promise<void> } = {},
  ) {
    const dataTransfer = await this.page.evaluateHandle((specs: DroppedFile[]) => {
      const transfer = new DataTransfer();
      for (const spec of specs) {
        const bytes = spec.sizeBytes !== undefined ? new Uint8Array(spec.sizeBytes) : (spec.content ?? "");
        transfer.items.add(new File([bytes], spec.name, { type: spec.type ?? "text/plain" }));
      }
      return transfer;
    }, files);
    await target.dispatchEvent("dragenter", { dataTransfer });
    await target.dispatchEvent("dragover", { dataTransfer });
    await whileDragging?.();
    await target.dispatchEvent("drop", { dataTransfer });
  }
}
