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
    await this.submit.click();
  }

  async signIn(user: { email: string; password: string }) {
    if (!this.page.url().endsWith("/sign-in")) await this.page.goto("/sign-in");
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.submit.click();
  }
}
