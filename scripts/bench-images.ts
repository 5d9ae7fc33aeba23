// npm run bench -- images: preparing images (lib/images), which runs in worker threads.
//  1. In process: preparing one 12-megapixel JPEG (check, resize to 2048 px, re-encode,
//     thumbnail) — median time of 5 and the process's RSS growth at its peak.
//  2. Over HTTP on the production build: the server's /api/health latency while 4 such
//     JPEGs are uploaded to a chat (and prepared) at once, against the same requests idle
//     (target: health ≤ 200 ms throughout).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { prepareImage } from "@/lib/images/prepare-image";
import {
  benchAccount,
  median,
  MiB,
  postJson,
  startServer,
  startUpSweepDone,
  stopServer,
  time,
  treeRssBytes,
  waitForHealth,
} from "./bench-support";

/** A 4000 × 3000 photo-like JPEG: noise, so it compresses (and decodes) like a real photo. */
function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: seed % 255, g: 120, b: 80 },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function inProcess(): Promise<void> {
  const photo = await twelveMegapixelJpeg(1);
  await prepareImage({ bytes: photo, name: "warm-up.jpg" });
  const times: number[] = [];
  let peak = 0;
  const before = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  for (let i = 0; i < 5; i++) {
    const [ms] = await time(() => prepareImage({ bytes: photo, name: "photo.jpg" }));
    times.push(ms);
  }
  clearInterval(sampler);
  console.log(
    `prepare a 12-megapixel JPEG (${(photo.length / MiB).toFixed(1)} MiB) in the worker pool: median ${median(times).toFixed(0)} ms ` +
      `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); RSS growth at peak ${((peak - before) / MiB).toFixed(0)} MiB`,
  );
}

async function healthWhilePreparing(): Promise<void> {
  const port = 3197;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-images-"));
  const server = startServer(port, dataDir);
  try {
    await waitForHealth(`${base}/api/health`);
    await startUpSweepDone(server);
    const cookie = await benchAccount(base);
    const { thread } = await postJson<{ thread: { id: string } }>(base, cookie, "/api/threads", { title: "Bench" });
    const photos = await Promise.all([2, 3, 4, 5].map(twelveMegapixelJpeg));
    const health = async () => (await time(async () => (await fetch(`${base}/api/health`)).text()))[0];
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append("files", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
      const res = await fetch(`${base}/api/threads/${thread.id}/uploads`, {
        method: "POST",
        headers: { cookie, origin: base },
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    };
    // Warm: the first upload starts the worker thread and loads sharp in it.
    await upload(photos[0]!, "warm.jpg");
    const idle: number[] = [];
    for (let i = 0; i < 40; i++) idle.push(await health());

    const rssBefore = treeRssBytes(server.pid!);
    let rssPeak = rssBefore;
    const busy: number[] = [];
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        busy.push(await health());
        rssPeak = Math.max(rssPeak, treeRssBytes(server.pid!));
      }
    })();
    const [allMs] = await time(() => Promise.all(photos.map((bytes, i) => upload(bytes, `photo-${i}.jpg`))));
    uploading = false;
    await probe;
    console.log(
      `/api/health idle: p50 ${median(idle).toFixed(1)} ms, max ${Math.max(...idle).toFixed(1)} ms; ` +
        `while 4 × 12-megapixel JPEGs are uploaded and prepared at once (${(allMs / 1000).toFixed(1)} s for all 4): ` +
        `p50 ${median(busy).toFixed(1)} ms, p95 ${percentile(busy, 95).toFixed(1)} ms, max ${Math.max(...busy).toFixed(1)} ms over ${busy.length} requests (target ≤ 200 ms: ${Math.max(...busy) <= 200 ? "met" : "MISSED"}); ` +
        `server RSS growth ${((rssPeak - rssBefore) / MiB).toFixed(0)} MiB`,
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchImages(): Promise<void> {
  await inProcess();
  await healthWhilePreparing();
}
