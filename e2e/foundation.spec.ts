import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { ProjectPage } from "./pages/project-page";
import { ThreadPage } from "./pages/thread-page";
import { WorkspaceShell } from "./pages/workspace-shell";

// better-auth allows 3 sign-in/sign-up requests per 10 s per IP in production builds: this
// file signs up once and signs in twice.

test("without a session, /workspace redirects to /sign-in", async ({ page }) => {
  await page.goto("/workspace");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByTestId("sign-in-form")).toBeVisible();

  await page.goto("/workspace/projects/anything");
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("a new account manages a project and its chat from start to finish", async ({ page }) => {
  test.setTimeout(120_000);
  const user = { name: "Ada Lovelace", email: `ada-${Date.now()}@example.com`, password: "analytical-engine" };
  const auth = new AuthPage(page);
  const shell = new WorkspaceShell(page);
  const project = new ProjectPage(page);
  const thread = new ThreadPage(page);

  await test.step("sign up lands in the workspace with the starter project", async () => {
    await auth.signUp(user);
    await expect(page).toHaveURL(/\/workspace$/);
    await expect(page.getByTestId("home-heading")).toHaveText("Welcome, Ada");
    await expect(shell.activeProjectLink("My first project")).toBeVisible();
    await expect(page.getByTestId("home-project-card").filter({ hasText: "My first project" })).toBeVisible();
  });

  const config = await (await page.request.get("/api/config")).json();
  const maxBytes: number = config.instructionsMaxBytes;

  await test.step("create a project", async () => {
    const dialog = await shell.createProject("Roadmap");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/workspace\/projects\/[^/?]+$/);
    await expect(project.name).toHaveText("Roadmap");
    await expect(shell.activeProjectLink("Roadmap")).toHaveAttribute("aria-current", "page");
  });

  await test.step("a duplicate name is refused with the server's reason", async () => {
    const dialog = await shell.createProject("roadmap");
    await expect(dialog.getByRole("alert")).toHaveText("You already have a project with this name.");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  await test.step("instructions: count UTF-8 bytes, save, survive a reload", async () => {
    await project.openTab("instructions");
    await expect(page).toHaveURL(/\?tab=instructions$/);
    await project.instructions.fill("日本語");
    await expect(project.byteCount).toHaveAttribute("data-bytes", "9");
    await expect(project.byteCount).toHaveText(`9 / ${maxBytes.toLocaleString("en-US")} bytes`);
    await expect(project.unsaved).toBeVisible();
    await project.save.click();
    await expect(page.getByText("Instructions saved")).toBeVisible();
    await expect(project.unsaved).toBeHidden();
    // The summary of what every chat receives counts the saved bytes at once, not after a reload.
    await expect(page.getByTestId("project-context").getByTestId("context-instructions")).toContainText(
      `9 / ${maxBytes.toLocaleString("en-US")}`,
    );

    await page.reload();
    await expect(project.tab("instructions")).toHaveAttribute("data-state", "active");
    await expect(project.instructions).toHaveValue("日本語");
  });

  await test.step("instructions over the cap cannot be saved", async () => {
    await project.instructions.fill("x".repeat(maxBytes + 1));
    await expect(project.byteCount).toHaveAttribute("data-over-cap", "true");
    await expect(project.save).toBeDisabled();
    await expect(project.instructionsError).toContainText("1 byte over the limit");
  });

  await test.step("leaving the tab with unsaved text asks first", async () => {
    await project.openTab("settings");
    await expect(project.discardDialog).toBeVisible();
    await project.discardDialog.getByTestId("discard-instructions-cancel").click();
    await expect(project.tab("instructions")).toHaveAttribute("data-state", "active");
    await project.openTab("settings");
    await project.discardDialog.getByTestId("discard-instructions-confirm").click();
    await expect(project.tab("settings")).toHaveAttribute("data-state", "active");
  });

  await test.step("leaving the page by a link asks in the same in-app dialog, never the browser's confirm()", async () => {
    let nativeDialogs = 0;
    page.on("dialog", (dialog) => {
      nativeDialogs += 1;
      void dialog.dismiss();
    });
    await project.openTab("instructions");
    await project.instructions.fill("Unsaved words");
    await shell.activeProjectLink("My first project").click();
    await expect(project.discardDialog).toBeVisible();
    await project.discardDialog.getByTestId("discard-instructions-cancel").click();
    await expect(project.name).toHaveText("Roadmap");
    await expect(project.instructions).toHaveValue("Unsaved words");
    await shell.activeProjectLink("My first project").click();
    await project.discardDialog.getByTestId("discard-instructions-confirm").click();
    await expect(project.name).toHaveText("My first project");
    expect(nativeDialogs).toBe(0);
    await page.goBack();
    await expect(project.name).toHaveText("Roadmap");
  });

  await test.step("rename in Settings, with validation errors shown", async () => {
    await project.rename("   ");
    await expect(page.getByText("The name cannot be empty.")).toBeVisible();
    await project.rename("Roadmap 2026");
    await expect(project.name).toHaveText("Roadmap 2026");
    await expect(shell.activeProjectLink("Roadmap 2026")).toBeVisible();
  });

  await test.step("a new chat in the project shows the project badge", async () => {
    await project.openTab("chats");
    await project.newChat.click();
    await expect(page).toHaveURL(/\/workspace\/chats\/[^/]+$/);
    await expect(thread.projectBadge).toHaveText("Roadmap 2026");
    await expect(thread.conversation).toContainText("What can I help with?");
    await thread.rename("Launch plan");
    await expect(thread.title).toHaveText("Launch plan");
    await expect(shell.sidebar.getByTestId("sidebar-chat").filter({ hasText: "Launch plan" })).toBeVisible();
  });

  await test.step("moving the chat out of the project", async () => {
    await thread.moveOutOfProject();
    await expect(thread.projectBadge).toHaveText("No project");
  });

  await test.step("moving it into another project and back to the first", async () => {
    await thread.moveInto("My first project");
    await expect(thread.projectBadge).toHaveText("My first project");
    await thread.moveInto("Roadmap 2026");
    await expect(thread.projectBadge).toHaveText("Roadmap 2026");
    await thread.projectBadge.click();
    await expect(project.name).toHaveText("Roadmap 2026");
    await expect(project.chats.filter({ hasText: "Launch plan" })).toBeVisible();
  });

  await test.step("archiving shows the badge and disables new chats", async () => {
    await project.archive();
    await expect(project.archivedBadge).toBeVisible();
    await project.openTab("chats");
    await expect(project.newChat).toBeDisabled();
    await expect(project.newChatArchivedNote).toBeVisible();
    await expect(shell.activeProjectLink("Roadmap 2026")).toHaveCount(0);
    await shell.openArchivedGroup();
    await expect(shell.anyProjectLink("Roadmap 2026")).toBeVisible();
  });

  await test.step("deleting says where the documents go, then the project is gone", async () => {
    const dialog = await project.openDeleteDialog();
    await expect(dialog).toContainText(`${config.trashRetentionDays} days`);
    await expect(dialog).toContainText("kept and unlinked");
    await dialog.getByTestId("delete-project-dialog-confirm").click();
    await expect(page).toHaveURL(/\/workspace$/);
    await expect(page.getByText("Project “Roadmap 2026” deleted")).toBeVisible();
    await expect(shell.anyProjectLink("Roadmap 2026")).toHaveCount(0);
    await expect(shell.sidebar.getByTestId("sidebar-archived-toggle")).toHaveCount(0);
    // The chat survives, unlinked.
    await shell.sidebar.getByTestId("sidebar-chat").filter({ hasText: "Launch plan" }).click();
    await expect(thread.projectBadge).toHaveText("No project");
  });

  await test.step("the language switcher changes the whole UI", async () => {
    await shell.switchLocale("zh-CN");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(thread.projectBadge).toHaveText("无项目");
    await shell.switchLocale("en-US");
    await expect(thread.projectBadge).toHaveText("No project");
  });

  await test.step("sign out, a wrong password is explained, then sign in again", async () => {
    await shell.signOut();
    await expect(page).toHaveURL(/\/sign-in$/);
    await auth.signIn({ email: user.email, password: "not-the-password" });
    await expect(auth.error).toHaveText("Wrong email or password.");
    await auth.signIn(user);
    await expect(page).toHaveURL(/\/workspace$/);
    await page.goto("/sign-in");
    await expect(page).toHaveURL(/\/workspace$/);
  });
});
