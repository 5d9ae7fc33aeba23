#!/usr/bin/env node
// Serves the production build on PORT (npm start and the e2e server run this instead of
// `next start`). It exists for one reason: Next hands route handlers no socket address, and
// keeps any X-Forwarded-For a client sends. Here the TCP peer's address is written into
// x-workspace-peer, replacing whatever the client put there, so the app knows who is really
// connected and believes a forwarding header only from TRUSTED_PROXIES (lib/http/client-ip.ts).
// It also refuses dot segments and malformed escapes in the raw path, before Next's URL
// parsing resolves "%2e%2e" into a walk to another route (lib/http/raw-path.mjs).
import { createServer } from "node:http";
import next from "next";
import { rejectRawPath } from "../lib/http/raw-path.mjs";

const PEER_HEADER = "x-workspace-peer";
// A server action's reply is sent unencoded: the chat page starts a run through one, and its
// reply is the run's stream. Next gzips whatever a client accepts, and gzip held the first
// words of every answer back until its buffer flushed (~70 ms after the model's first byte in
// `npm run bench -- first-byte`). Next sets an action's Cache-Control itself, so the
// `no-transform` the API's run streams carry cannot be set here; the other replies of actions
// are a few hundred bytes.
const ACTION_HEADER = "next-action";
const port = Number(process.env.PORT || 3000);

const app = next({ dev: false, port });
const handle = app.getRequestHandler();
await app.prepare();

// Responses not yet finished: a graceful stop lets them end (a run's stream ends once the run is
// recorded) before the process exits.
let inFlight = 0;
let onIdle = () => {};

const server = createServer((req, res) => {
  inFlight += 1;
  res.once("close", () => {
    inFlight -= 1;
    if (inFlight === 0) onIdle();
  });
  const rejected = rejectRawPath(req.url ?? "/");
  if (rejected) {
    res.writeHead(rejected.status, { "content-type": "application/json", "x-content-type-options": "nosniff" });
    res.end(JSON.stringify({ error: { code: rejected.code, message: rejected.message } }));
    return;
  }
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  if (req.headers[ACTION_HEADER] !== undefined) delete req.headers["accept-encoding"];
  void handle(req, res);
});
server.listen(port, () => console.log(`> Ready on http://localhost:${port}`));

// A graceful stop: no new connections; the runs this process streams end recorded as failed,
// their partial answers saved (lib/runs/lease/end-runs-at-shutdown.ts, handed over by
// instrumentation.ts), so no chat is left "running"; the responses still open are let finish
// (RESPONSES_WAIT_MS at most: a download or an idle follower does not hold the stop up); then
// Next closes and the process exits.
const RESPONSES_WAIT_MS = 5_000;
let stopping = false;

function responsesFinished() {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    onIdle = resolve;
    setTimeout(resolve, RESPONSES_WAIT_MS);
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void Promise.resolve()
      .then(() => globalThis.__workspaceEndRunsAtShutdown?.())
      .then((ended) => ended && console.log(`[shutdown] ${ended} run(s) in flight ended as failed`))
      .catch((error) => console.error("[shutdown] ending the runs in flight failed", error))
      .then(() => responsesFinished())
      .finally(() => {
        server.closeAllConnections();
        return app.close();
      })
      .finally(() => process.exit(0));
  });
}
