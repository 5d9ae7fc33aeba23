import { expect, test, type Page } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { expectAccessible } from "./support/axe";

// The theme switch in Settings: System follows the operating system, Light and Dark override
// it, the choice is remembered in this browser and applied before the page's body exists (no
// flash of the other theme on load), and the switch reads in Chinese too. One sign-up.

test.use({ colorScheme: "light" });

declare global {
  interface Window {
    themeWhenBodyAppeared?: string | null;
  }
}

/** The <body>'s background colour, as painted. */
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const WHITE = "rgb(255, 255, 255)";

test("Settings switches between System, Light and Dark, remembered and applied before paint", async ({
  page,
  context,
}) => {
  // Records <html data-theme> at the moment <body> is inserted: set then, nothing painted the other theme.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      window.themeWhenBodyAppeared = document.documentElement.getAttribute("data-theme");
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await new AuthPage(page).signUp({
    name: "Hedy Theme",
    email: `hedy-theme-${Date.now()}@example.com`,
    password: "frequency-hopping",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  await page.goto("/workspace/settings");

  const system = page.getByRole("radio", { name: "System" });
  const light = page.getByRole("radio", { name: "Light" });
  const dark = page.getByRole("radio", { name: "Dark" });
  const html = page.locator("html");

  await test.step("System is the default and follows the operating system", async () => {
    await expect(system).toBeChecked();
    await expect(html).not.toHaveAttribute("data-theme", /.+/);
    await expect.poll(() => bodyBackground(page)).toBe(WHITE);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => bodyBackground(page)).not.toBe(WHITE);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => bodyBackground(page)).toBe(WHITE);
  });

  await test.step("Dark applies at once, against a light system, and axe finds nothing serious", async () => {
    await dark.check();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect.poll(() => bodyBackground(page)).not.toBe(WHITE);
    await expectAccessible(page, "settings in the dark theme");
  });

  await test.step("after a reload Dark is still chosen and was set before the body existed", async () => {
    await page.reload();
    await expect(dark).toBeChecked();
    expect(await page.evaluate(() => window.themeWhenBodyAppeared)).toBe("dark");
    await page.goto("/workspace");
    expect(await page.evaluate(() => window.themeWhenBodyAppeared)).toBe("dark");
    await expect.poll(() => bodyBackground(page)).not.toBe(WHITE);
  });

  await test.step("Light overrides a dark system; System hands back to it", async () => {
    await page.goto("/workspace/settings");
    await page.emulateMedia({ colorScheme: "dark" });
    await light.check();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect.poll(() => bodyBackground(page)).toBe(WHITE);
    await page.reload();
    expect(await page.evaluate(() => window.themeWhenBodyAppeared)).toBe("light");
    await system.check();
    await expect(html).not.toHaveAttribute("data-theme", /.+/);
    await expect.poll(() => bodyBackground(page)).not.toBe(WHITE);
    await page.emulateMedia({ colorScheme: "light" });
  });

  await test.step("the switch reads in Chinese", async () => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: new URL(page.url()).origin }]);
    await page.reload();
    await expect(html).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { name: "外观" })).toBeVisible();
    await page.getByRole("radio", { name: "深色" }).check();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("radio", { name: "跟随系统" })).not.toBeChecked();
    await expect(page.getByRole("radio", { name: "浅色" })).toBeVisible();
  });
});
