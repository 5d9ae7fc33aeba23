import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// The axe check the accessibility pass runs, for a spec that opens something of its own: no
// violation of serious or critical impact, in light and in dark.

export async function seriousViolations(page: Page, include: readonly string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * Switches the colour scheme and waits until no CSS transition runs: buttons fade their colours
 * (`transition-colors`), and axe measuring mid-fade sees colours that are neither scheme's.
 */
export async function switchColorScheme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
}

/** `include`: only these parts of the page (a very long page whose parts repeat one component). */
export async function expectAccessible(page: Page, what: string, include: readonly string[] = []): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await switchColorScheme(page, colorScheme);
    expect(await seriousViolations(page, include), `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
