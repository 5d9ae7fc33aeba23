import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { withInstanceCluster } from "../support/instance-cluster";

// What scripts/serve.mjs, the server `npm start` runs, does to the streams a run is read
// through. The chat page starts a run with a server action, whose reply is the run's stream:
// Next gzipped it whenever the browser accepted gzip, and gzip held the first words of every
// answer back behind its buffer. The model is held after its first words (a stub gate), so the
// first test can only pass if those words reach the client before the model goes on.
// Needs `next build` first (scripts/test.sh runs it).

const BASE_PORT = Number(process.env.SERVED_STREAMS_BASE_PORT ?? 3280);

type Json = Record<string, any>;

const cluster = withInstanceCluster({ name: "streams", basePort: BASE_PORT, leaseSeconds: 60 });
const { call } = cluster;
let server: AppServer;

beforeAll(async () => {
  server = await cluster.start(BASE_PORT, "serve");
  await cluster.signUp(server, { email: "streams@example.test", password: "correct horse battery", name: "Streams" });
}, 180_000);

/** The id this build gave the chat page's startRunAction, as the page's own code carries it. */
function startRunActionId(): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === "startRunAction");
  if (!found) throw new Error("startRunAction is not in this build's server-reference manifest");
  return found[0];
}

/** Reads `res` until `text` has arrived; what was read so far. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<string> {
  const decoder = new TextDecoder();
  let seen = "";
  while (!seen.includes(text)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended before "${text}" arrived: ${seen.slice(0, 300)}`);
    seen += decoder.decode(value, { stream: true });
  }
  return seen;
}

describe("the streams of a run, as npm start serves them", () => {
  it("sends the chat page's run action unencoded, its first words while the model still holds the rest", async () => {
    const threadId = (await (await call(server, "POST", "/api/threads", { title: "action" })).json()).thread.id;
    cluster.stub.enqueue({
      type: "text",
      text: "Early words then the rest",
      chunks: ["Early words", " then the rest"],
      gate: "action",
    });
    const res = await call(server, "POST", `/workspace/chats/${threadId}`, undefined, {
      headers: {
        accept: "text/x-component",
        "accept-encoding": "gzip, deflate, br",
        "content-type": "text/plain;charset=UTF-8",
        "next-action": startRunActionId(),
      },
      body: JSON.stringify([threadId, { message: { text: "go" } }]),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/x-component");
    expect(res.headers.get("content-encoding")).toBeNull();
    // Not through the proxy, which gives every page request a fresh CSP nonce: a React stream
    // needs none, and the proxy's step would delay the first words.
    expect(res.headers.get("content-security-policy") ?? "").not.toContain("nonce-");
    const reader = res.body!.getReader();
    // The gate is still closed: these words can only be here if nothing held them back.
    await readUntil(reader, "Early words");
    expect(cluster.stub.requests.filter((r) => (r.body as Json)?.stream).at(-1)?.outcome).toBe("pending");
    cluster.stub.release("action");
    await readUntil(reader, " then the rest");
    await reader.cancel();
  });

  it("still compresses pages and their scripts for a browser that accepts gzip", async () => {
    const page = await call(server, "GET", "/sign-in", undefined, { headers: { "accept-encoding": "gzip" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    // The same app path as the action's (a page), and it did go through the proxy.
    expect(page.headers.get("content-security-policy")).toContain("nonce-");
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await call(server, "GET", script!, undefined, { headers: { "accept-encoding": "gzip" } });
    expect(asset.headers.get("content-encoding")).toBe("gzip");
  });
});
