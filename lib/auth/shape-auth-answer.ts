// Two fixes to what better-auth answers, before it leaves the server:
// - its sign-up, sign-in and get-session bodies carry the session's token, which belongs in the
//   session cookie (HttpOnly) only: a script on the page could read a body. The token is taken
//   out; sign-up and sign-in say `signedIn` instead (false for a sign-up that created no
//   session, like one for an email that already has an account);
// - its rate limit's 429 says only a message: every error body has a `code` (the OpenAPI
//   document's AuthError), so it gets TOO_MANY_REQUESTS, the sign-in limits' own code.

type Body = Record<string, unknown> & { token?: unknown; session?: Record<string, unknown> | null };

const CODE_BY_STATUS: Record<number, string> = { 429: "TOO_MANY_REQUESTS" };

export async function shapeAuthAnswer(response: Response): Promise<Response> {
  const json = response.headers.get("content-type")?.includes("application/json");
  if (response.status === 200 && json) return rewritten(response, withoutToken);
  // The rate limit's 429 is JSON sent as text/plain.
  if (response.status >= 400 && response.body)
    return rewritten(response, (body) =>
      typeof body.code === "string" ? body : { code: CODE_BY_STATUS[response.status] ?? "ERROR", ...body },
    );
  return response;
}

/** The answer with its JSON object body changed (anything else is left as it is), headers kept. */
async function rewritten(response: Response, change: (body: Body) => Body): Promise<Response> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(change(body as Body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function withoutToken(body: Body): Body {
  const copy: Body = { ...body };
  if ("token" in copy) {
    copy.signedIn = typeof copy.token === "string" && copy.token !== "";
    delete copy.token;
  }
  if (copy.session && typeof copy.session === "object") {
    const session = { ...copy.session };
    delete session.token;
    copy.session = session;
  }
  return copy;
}
