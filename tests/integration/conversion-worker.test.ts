import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { conversionsInFlight } from "@/lib/conversion/conversion-pool";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { callApi, signUp } from "../support/route-client";
import { newProject, uploadDocument } from "../support/shelf-fixtures";
import { tinyPdf } from "../support/tiny-pdf";

// Conversion runs in a worker thread: while a 1,000+-page PDF converts, the server keeps
// answering everyone else, and a conversion past its time limit fails cleanly with its
// worker replaced.

const manual = (pages: number, word: string) =>
  tinyPdf(
    Array.from(
      { length: pages },
      (_, i) => `Page ${i + 1}: ${word} maintenance procedure, torque values and wiring notes`,
    ),
  );

/** Resolves once a conversion is running or queued: the thing the test measures against. */
async function conversionStarted(): Promise<void> {
  while (conversionsInFlight() === 0) await new Promise((resolve) => setImmediate(resolve));
}

async function timed(work: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await work();
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

afterEach(() => {
  delete process.env.CONVERSION_TIMEOUT_SECONDS;
  resetConfigForTests();
});

describe("conversion in a worker thread", () => {
  it("keeps health, a listing and another user's upload under 100 ms while a 3,000-page PDF converts", async () => {
    const owner = await signUp();
    const projectId = await newProject(owner.api);
    const other = await signUp();
    const otherProject = await newProject(other.api);
    // Warm both paths first, so the measurement is of waiting, not of first-use costs.
    await uploadDocument(other.api, otherProject, "warm.txt", "warm");
    await owner.api("GET", `/api/projects/${projectId}/documents`);
    await searchIndexingSettled();

    const pdf = await uploadDocument(owner.api, projectId, "manual.pdf", manual(3000, "gearbox"));
    await conversionStarted();
    const samples = [];
    for (let round = 0; round < 3; round++) {
      samples.push(await timed(() => callApi("GET", "/api/health")));
      samples.push(await timed(() => owner.api("GET", `/api/projects/${projectId}/documents?limit=50`)));
      const body = new FormData();
      body.append("file", new File([`note ${round}`], `note-${round}.txt`));
      samples.push(await timed(() => other.api("POST", `/api/projects/${otherProject}/documents`, { body })));
    }
    // Every sample was taken while the conversion was still running.
    expect(conversionsInFlight()).toBeGreaterThan(0);
    expect(samples.map((sample) => sample.status)).toEqual([200, 200, 201, 200, 200, 201, 200, 200, 201]);
    // The target is 100 ms; the test machine is shared and often far more loaded than two
    // cores, so the median must meet it and no single answer may take more than 250 ms. A
    // conversion on the request thread would hold these for seconds.
    const timings = samples.map((sample) => Math.round(sample.ms));
    expect(
      [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)],
      `timings ${timings.join(", ")} ms`,
    ).toBeLessThan(100);
    expect(Math.max(...timings), `timings ${timings.join(", ")} ms`).toBeLessThan(250);

    // The background conversion filled the cache and the search text: the first read is ready.
    await searchIndexingSettled();
    const found = (await (await owner.api("GET", `/api/projects/${projectId}/documents?q=gearbox`)).json()) as {
      documents: { id: string }[];
    };
    expect(found.documents.map((document) => document.id)).toEqual([pdf.id]);
  });

  it("fails a conversion past CONVERSION_TIMEOUT_SECONDS with the reason, and the next one still converts", async () => {
    process.env.CONVERSION_TIMEOUT_SECONDS = "1";
    resetConfigForTests();
    const user = await signUp();
    const projectId = await newProject(user.api);
    const huge = await uploadDocument(user.api, projectId, "huge.pdf", manual(12_000, "slow"));
    const res = await user.api("GET", `/api/projects/${projectId}/documents/${huge.id}/content?as=markdown`);
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { message: string; details: { reason: string }[] } };
    expect(error.details[0]!.reason).toBe("conversion_timeout");
    expect(error.message).toContain("time limit (1 s)");

    process.env.CONVERSION_TIMEOUT_SECONDS = "60";
    resetConfigForTests();
    const small = await uploadDocument(user.api, projectId, "small.pdf", manual(2, "quick"));
    const markdown = await user.api("GET", `/api/projects/${projectId}/documents/${small.id}/content?as=markdown`);
    expect(markdown.status).toBe(200);
    expect(await markdown.text()).toContain("quick maintenance");
  });
});
