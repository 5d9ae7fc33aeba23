import { afterEach, describe, expect, it, vi } from "vitest";
import { getAuth } from "@/lib/auth/auth";
import { getDb } from "@/lib/db/client";
import { callApi, signUp } from "../support/route-client";

// Who is calling (lib/auth/read-valid-session.ts): a valid session is read directly, and
// everything else is left to better-auth. These pin both halves: what the direct read may
// accept, and that what it must not decide still reaches better-auth, which refuses, clears or
// extends the session as it always did.

const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The session cookie with its signed value replaced by `edit` of it (URL-decoded). */
function withCookieValue(cookie: string, edit: (value: string) => string): string {
  return cookie
    .split("; ")
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      if (!name.endsWith("session_token")) return pair;
      return `${name}=${encodeURIComponent(edit(decodeURIComponent(pair.slice(at + 1))))}`;
    })
    .join("; ");
}

async function sessionOf(userId: string) {
  const db = await getDb();
  return db.session.findFirstOrThrow({ where: { userId } });
}

describe("the session behind a request", () => {
  it("answers a valid session without asking better-auth, and refuses it the moment its row is gone", async () => {
    const { id, api } = await signUp("Valid");
    const getSession = vi.spyOn((await getAuth()).api, "getSession");
    expect((await api("GET", "/api/projects")).status).toBe(200);
    expect(getSession).not.toHaveBeenCalled();

    // A sign-out on another instance deletes the row: the next request is refused at once.
    const db = await getDb();
    await db.session.deleteMany({ where: { userId: id } });
    expect((await api("GET", "/api/projects")).status).toBe(401);
    expect(getSession).toHaveBeenCalled();
  });

  it("refuses a cookie whose token or signature was changed", async () => {
    const { cookie } = await signUp("Forged");
    const [token, signature] = decodeURIComponent(cookie.split("session_token=")[1]!.split(";")[0]!).split(".");
    const otherToken = withCookieValue(cookie, () => `${token}x.${signature}`);
    const otherSignature = withCookieValue(cookie, () => `${token}.${"A".repeat(43)}=`);
    const unsigned = withCookieValue(cookie, () => token!);
    for (const forged of [otherToken, otherSignature, unsigned]) {
      expect((await callApi("GET", "/api/projects", { cookie: forged })).status).toBe(401);
    }
    expect((await callApi("GET", "/api/projects", { cookie })).status).toBe(200);
  });

  it("leaves an expired session to better-auth, which refuses it and deletes its row", async () => {
    const { id, api } = await signUp("Expired");
    const db = await getDb();
    await db.session.updateMany({ where: { userId: id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const getSession = vi.spyOn((await getAuth()).api, "getSession");
    expect((await api("GET", "/api/projects")).status).toBe(401);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(await db.session.count({ where: { userId: id } })).toBe(0);
  });

  it("leaves a session due for its refresh to better-auth, which extends it", async () => {
    const { id, api } = await signUp("Refresh");
    const db = await getDb();
    // Signed in six and a half days ago (sessions last 7 days and are extended after a day).
    const soon = new Date(Date.now() + DAY_MS / 2);
    await db.session.updateMany({ where: { userId: id }, data: { expiresAt: soon } });
    const getSession = vi.spyOn((await getAuth()).api, "getSession");
    expect((await api("GET", "/api/projects")).status).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect((await sessionOf(id)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });
});
