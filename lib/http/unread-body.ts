// A request body the server stopped reading part-way (a second file where one is allowed, an
// upload over its limit) or never read at all (refused before it) is still on its way on the
// connection. Answering with `Connection: close` ends that connection after the answer, so a
// client reusing it (a browser, an HTTP agent with keep-alive) opens a fresh one for its next
// request instead of finding the rest of the old body in the way (issue 36: ECONNRESET).

const abandoned = new WeakSet<Request>();

/** Called by a reader that stops before the body's end. */
export function markBodyAbandoned(req: Request): void {
  abandoned.add(req);
}

/** Whether part of the body may still be unread: abandoned by a reader, or never touched. */
export function bodyLeftUnread(req: Request): boolean {
  return abandoned.has(req) || (req.body !== null && !req.bodyUsed);
}

/** The answer, told to close the connection when the request's body was not read to its end. */
export function closingIfBodyUnread(req: Request, response: Response): Response {
  if (bodyLeftUnread(req)) response.headers.set("connection", "close");
  return response;
}
