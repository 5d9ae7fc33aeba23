import type { Locator, Page } from "@playwright/test";

export class AuthPage {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.name = page.getByTestId("auth-name");
    this.email = page.getByTestId("auth-email");
    this.password = page.getByTestId("auth-password");
    this.submit = page.getByTestId("auth-submit");
    this.error = page.getByTestId("auth-error");
  }

  async signUp(user: { name: string; email: string; password: string }) {
    await this.page.goto("/sign-up");
    await this.name.fill(user.name);
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.submitPastRateLimit();
  }

  async signIn(user: { email: string; password: string }) {
    if (!this.page.url().endsWith("/sign-in")) await this.page.goto("/sign-in");
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.submitPastRateLimit();
  }

  /**
   * The production build keeps better-auth's limit of 3 sign-ins/sign-ups per 10 s per IP,
   * and the spec files together sign in more often than that. When the form says to wait,
   * wait as long as it says and submit again, like a person would; any other outcome is left
   * for the test to judge.
   */
  private async submitPastRateLimit() {
    for (let attempt = 0; attempt < 4; attempt++) {
      const limited = this.page.locator('[data-testid="auth-error"][data-problem="rateLimited"]');
      await this.submit.click();
      // The form clears its previous message on submit; don't mistake the old one for the answer.
      await limited.waitFor({ state: "detached", timeout: 5_000 }).catch(() => {});
      const outcome = await Promise.race([
        this.page
          .waitForURL((url) => !/\/sign-(in|up)$/.test(url.pathname), { timeout: 15_000 })
          .then(() => "left" as const),
        limited.waitFor({ timeout: 15_000 }).then(() => "limited" as const),
        this.page
          .locator('[data-testid="auth-error"]:not([data-problem="rateLimited"])')
          .waitFor({ timeout: 15_000 })
          .then(() => "error" as const),
      ]).catch(() => "unknown" as const);
      if (outcome !== "limited") return;
      const seconds = Number(await limited.getAttribute("data-retry-after")) || 10;
      await this.page.waitForTimeout(seconds * 1000 + 500);
    }
  }
}
