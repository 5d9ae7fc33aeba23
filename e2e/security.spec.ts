import http from "node:http";
import { expect, test } from "@playwright/test";
import { AuthPage } from "./pages/auth-page";
import { WorkspaceShell } from "./pages/workspace-shell";

// Issue #12 over real HTTP: what only the real server shows (headers, raw paths that Next
// would normalise), and the Settings → API tokens page end to end.

test("pages carry a nonce CSP that forbids framing; API answers carry their own policy", async ({ page }) => {
  const response = await page.goto("/sign-in");
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Next's own scripts carry the nonce, so the page is interactive under the policy.
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const scripts = page.locator("script[nonce]");
  expect(await scripts.count()).toBeGreaterThan(0);
  await expect(page.getByTestId("auth-email")).toBeEditable();
  expect(await page.evaluate(() => document.querySelectorAll("script:not([nonce])").length)).toBe(0);
  expect(nonce.length).toBeGreaterThan(10);
  // A second request gets a different nonce.
  const again = (await page.request.get("/sign-in")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);

  const api = await page.request.get("/api/health");
  expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});

/** Sends the path exactly as written: URL-parsing clients (Playwright's included) resolve "%2e%2e" first. */
function rawRequest(method: string, path: string): Promise<{ status: number; body: string; location?: string }> {
  const { hostname, port } = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("encoded dot segments and malformed escapes never reach another route", async () => {
  for (const [method, path] of [
    ["POST", "/api/trash/documents/%2e%2e/purge"],
    ["DELETE", "/api/threads/x/uploads/%2e%2e"],
    ["DELETE", "/api/threads/x/uploads/..%2f..%2fetc"],
    ["POST", "/api/trash/documents/../purge"],
  ]) {
    const res = await rawRequest(method!, path!);
    expect(res.status, path).toBe(404);
    expect(res.location).toBeUndefined();
    expect(JSON.parse(res.body).error.code).toBe("not_found");
  }
  const malformed = await rawRequest("DELETE", "/api/threads/x/uploads/100%");
  expect(malformed.status).toBe(400);
  expect(JSON.parse(malformed.body).error.code).toBe("bad_request");
});

test("Settings → API tokens: create one, see it once, use it from a script, revoke it", async ({
  page,
  playwright,
}) => {
  const user = { name: "Tok", email: `tok-${Date.now()}@example.com`, password: "token-tester-1" };
  await new AuthPage(page).signUp(user);
  await expect(page).toHaveURL(/\/workspace$/);

  const shell = new WorkspaceShell(page);
  await shell.accountMenu.click();
  await page.getByTestId("open-settings").click();
  await expect(page).toHaveURL(/\/workspace\/settings$/);
  await expect(page.getByTestId("tokens-empty")).toBeVisible();

  await page.getByTestId("token-name-input").fill("Nightly backup");
  await page.getByTestId("token-expiry").selectOption("30");
  await page.getByTestId("create-token").click();
  const secret = (await page.getByTestId("token-secret").textContent())!.trim();
  expect(secret).toMatch(/^pwt_/);
  await expect(page.getByTestId("token-row")).toHaveCount(1);
  await expect(page.getByTestId("token-row")).toContainText("Nightly backup");
  await expect(page.getByTestId("token-row")).toContainText(secret.slice(0, 10));

  // A script without cookies, from no page at all.
  const script = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  const created = await script.post("/api/projects", { data: { name: "Made by a script" } });
  expect(created.status()).toBe(201);
  expect((await script.get("/api/tokens")).status()).toBe(401);

  await page.getByTestId("token-secret-done").click();
  await expect(page.getByTestId("token-secret")).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("token-secret")).toBeHidden();
  await expect(page.getByTestId("token-row")).toContainText(/last used/i);

  await page.getByTestId("token-revoke").click();
  await page.getByTestId("revoke-token-dialog-confirm").click();
  await expect(page.getByTestId("tokens-empty")).toBeVisible();
  expect((await script.get("/api/projects")).status()).toBe(401);
  await script.dispose();
});
