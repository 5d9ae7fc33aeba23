import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";

// /docs/api over real HTTP: the reference rendered from the generated OpenAPI document, from
// the app's own assets only (every request stays on this origin), under the page CSP (no
// console message about a Content Security Policy), reachable by keyboard, accessible in
// light and dark, and no wider than a phone. Public: no sign-up needed.

test("the API reference shows the generated document from the app's own assets, under the strict CSP", async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en-US", url: origin }]);
  const requests: string[] = [];
  const messages: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => messages.push(message.text()));
  page.on("pageerror", (error) => messages.push(error.message));

  const response = await page.goto("/docs/api");
  expect(response!.status()).toBe(200);
  const csp = response!.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await page.waitForLoadState("networkidle");

  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  // A few routes, each with its method, path, summary and who may call it.
  const startRun = page.locator("#op-postThreadsIdRuns");
  await expect(startRun.getByRole("heading", { level: 3 })).toContainText("/api/threads/{id}/runs");
  await expect(startRun).toContainText("Send a message (or regenerate) and stream the answer", { ignoreCase: true });
  await expect(startRun).toContainText("text/event-stream");
  await expect(startRun).toContainText("data-summarising");
  await expect(startRun.getByTestId("api-operation-auth")).toHaveText("Session cookie or API token");
  await expect(page.locator("#op-getProjects")).toContainText("/api/projects");
  await expect(page.locator("#op-postTokens").getByTestId("api-operation-auth")).toHaveText("Session cookie only");
  await expect(page.locator("#op-getHealth").getByTestId("api-operation-auth")).toHaveText("No authentication");
  await expect(page.locator("#op-patchThreadsId").getByTestId("api-operation-errors")).toContainText("422");
  await expect(page.getByTestId("api-docs-errors")).toContainText("validation_failed");
  expect(await page.getByTestId("api-operation").count()).toBeGreaterThan(40);

  // By keyboard: a link of the contents moves to its section.
  const runsLink = page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Runs" });
  await runsLink.focus();
  await expect(runsLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#tag-runs$/);
  await expect(page.getByRole("heading", { level: 2, name: "Runs" })).toBeInViewport();

  // The JSON it is rendered from, linked from the page.
  const json = await page.request.get((await page.getByTestId("api-docs-json").getAttribute("href"))!);
  expect(json.status()).toBe(200);
  expect((await json.json()).openapi).toMatch(/^3\.1\.\d+$/);

  // The whole reference is some 10,000 elements (axe needs ~40 s a scheme on it); every tag's
  // operations and every schema are the same components, so one of each stands for the rest.
  await expectAccessible(page, "API reference", [
    "header",
    "nav",
    'section[aria-labelledby="authentication"]',
    'section[aria-labelledby="errors"]',
    'section[aria-labelledby="tag-runs"]',
    'section[aria-labelledby="schemas"] > article:first-of-type',
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the API reference is wider than a phone").toBeLessThanOrEqual(0);

  const elsewhere = requests.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  expect(elsewhere).toEqual([]);
  expect(requests.some((url) => url.startsWith(`${origin}/_next/static/`))).toBe(true);
  expect(messages.filter((message) => /Content Security Policy/i.test(message))).toEqual([]);
});
