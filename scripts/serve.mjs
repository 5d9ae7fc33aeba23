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
const port = Number(process.env.PORT || 3000);

const app = next({ dev: false, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const rejected = rejectRawPath(req.url ?? "/");
  if (rejected) {
    res.writeHead(rejected.status, { "content-type": "application/json", "x-content-type-options": "nosniff" });
    res.end(JSON.stringify({ error: { code: rejected.code, message: rejected.message } }));
    return;
  }
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  void handle(req, res);
});
server.listen(port, () => console.log(`> Ready on http://localhost:${port}`));

// A graceful stop: no new connections; the runs this process streams end recorded as failed,
// their partial answers saved (lib/runs/end-runs-at-shutdown.ts, handed over by
// instrumentation.ts), so no chat is left "running"; then Next closes and the process exits.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void Promise.resolve()
      .then(() => globalThis.__workspaceEndRunsAtShutdown?.())
      .then((ended) => ended && console.log(`[shutdown] ${ended} run(s) in flight ended as failed`))
      .catch((error) => console.error("[shutdown] ending the runs in flight failed", error))
      .finally(() => app.close())
      .finally(() => process.exit(0));
  });
}
