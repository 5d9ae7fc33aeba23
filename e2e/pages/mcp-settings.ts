import type { Locator, Page } from "@playwright/test";

/** Settings → MCP servers: the list, and the dialog that adds or edits a server. */
export class McpSettings {
  readonly section: Locator;
  readonly add: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;
  readonly name: Locator;
  readonly url: Locator;
  readonly addHeader: Locator;
  readonly save: Locator;

  constructor(private readonly page: Page) {
    this.section = page.getByTestId("mcp-servers-section");
    this.add = page.getByTestId("mcp-add");
    this.rows = page.getByTestId("mcp-server-row");
    this.dialog = page.getByTestId("mcp-server-dialog");
    this.name = this.dialog.getByTestId("mcp-name");
    this.url = this.dialog.getByTestId("mcp-url");
    this.addHeader = this.dialog.getByTestId("mcp-add-header");
    this.save = this.dialog.getByTestId("mcp-save");
  }

  async open() {
    await this.page.goto("/workspace/settings");
    await this.section.waitFor();
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="mcp-server-row"][data-server="${name}"]`);
  }

  /** Fills the add dialog (opening it first) without saving. */
  async fill(server: { name: string; url: string; headers?: Record<string, string> }) {
    await this.add.click();
    await this.name.fill(server.name);
    await this.url.fill(server.url);
    for (const [index, [header, value]] of Object.entries(server.headers ?? {}).entries()) {
      await this.addHeader.click();
      await this.dialog.getByTestId("mcp-header-name").nth(index).fill(header);
      await this.dialog.getByTestId("mcp-header-value").nth(index).fill(value);
    }
  }

  /** The tools a server row lists, opened. */
  async tools(name: string): Promise<Locator> {
    await this.row(name).getByTestId("mcp-tools-toggle").click();
    return this.row(name).getByTestId("mcp-tool");
  }
}
