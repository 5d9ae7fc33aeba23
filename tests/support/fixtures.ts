// Fixtures the integration and instance tiers share: a response's JSON body and a new thread,
// through the API as a client would (no database shortcuts), whichever way a test calls it.

/** A JSON body as tests read it: only the fields each assertion names. */
export type Json = Record<string, any>;

/** Anything that calls the API like route-client's `api` (the in-process routes or a real server). */
export type CallsApi = (method: string, path: string, options?: { json?: unknown }) => Promise<Response>;

/** A response's JSON body, as the type the caller names (any JSON object by default). */
export async function json<T = Json>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/**
 * A new thread of the caller's (POST /api/threads with exactly `fields`: a title spares a run
 * the titling call; a projectId puts it in a project), as the API answers it.
 */
export async function newThread(
  api: CallsApi,
  fields: { title?: string; projectId?: string | null } = {},
): Promise<Json & { id: string }> {
  const res = await api("POST", "/api/threads", { json: fields });
  if (res.status !== 201) throw new Error(`POST /api/threads answered ${res.status}: ${await res.text()}`);
  return (await json<{ thread: Json & { id: string } }>(res)).thread;
}
