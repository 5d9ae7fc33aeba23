import { createHash } from "node:crypto";
import { unlink } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { fileRemoval } from "@/lib/storage/file-removal";
import { signUp, type Api } from "../support/route-client";
import { documentRow, newProject, storedPaths, trashedDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// Check-and-set under row locks: racing requests through the real handlers, 20 rounds each,
// asserting invariants rather than one lucky interleaving. Each pair is released from one
// barrier; a small per-round head start for one side or the other lands rounds on both
// sides of the other's commit, so both lock acquisition orders are exercised.

const ROUNDS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts every task at the same moment (after one shared barrier), each after its own head start. */
async function race<T extends unknown[]>(...tasks: { delayMs: number; run: () => Promise<unknown> }[]): Promise<T> {
  let release!: () => void;
  const barrier = new Promise<void>((resolve) => (release = resolve));
  const running = tasks.map(async ({ delayMs, run }) => {
    await barrier;
    if (delayMs > 0) await sleep(delayMs);
    return run();
  });
  release();
  return (await Promise.all(running)) as T;
}

/** Head starts alternating between the two sides: round 0 even, then 1..3 ms either way. */
const headStart = (round: number) => ({
  first: round % 2 === 0 ? 0 : round % 4,
  second: round % 2 === 0 ? round % 4 : 0,
});

/** Purge holds its row lock a little longer around each unlink, so a racing restore must wait on it. */
function slowUnlink(): void {
  vi.spyOn(fileRemoval, "unlink").mockImplementation(async (file) => {
    await sleep(3);
    await unlink(file);
  });
}

const restore = (api: Api, id: string, projectId?: string) =>
  api("POST", `/api/trash/documents/${id}/restore`, { json: projectId ? { projectId } : {} });
const purge = (api: Api, id: string) => api("POST", `/api/trash/documents/${id}/purge`);
const content = async (api: Api, projectId: string, id: string) =>
  (await api("GET", `/api/projects/${projectId}/documents/${id}/content`)).text();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("concurrent trash operations", () => {
  it("purge vs restore of one document: one wins, the other is 404; never a restored row without bytes", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    slowUnlink();
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = `purge or restore ${round}`;
      const document = await trashedDocument(user.api, projectId, `doc-${round}.txt`, bytes);
      const { original } = await storedPaths(document.id);
      const { first, second } = headStart(round);
      const [purged, restored] = await race<[Response, Response]>(
        { delayMs: first, run: () => purge(user.api, document.id) },
        { delayMs: second, run: () => restore(user.api, document.id) },
      );
      const row = await documentRow(document.id);
      if (restored.status === 200) {
        expect(purged.status).toBe(404);
        expect(row).toMatchObject({ projectId, trashedAt: null });
        expect(await pathExists(original)).toBe(true);
        expect(await content(user.api, projectId, document.id)).toBe(bytes);
      } else {
        expect([purged.status, restored.status]).toEqual([204, 404]);
        expect(row).toBeNull();
        expect(await pathExists(original)).toBe(false);
      }
    }
  });

  it("restore into a project being deleted: restored then trashed again by the delete, or 404; never live in a deleted project", async () => {
    const user = await signUp();
    const origin = await newProject(user.api);
    const db = await getDb();
    for (let round = 0; round < ROUNDS; round++) {
      const target = await newProject(user.api);
      // Even rounds name the target; odd rounds restore to the origin, which is the target.
      const namesTarget = round % 2 === 0;
      const from = namesTarget ? origin : target;
      const document = await trashedDocument(user.api, from, `doc-${round}.txt`, `restore vs delete ${round}`);
      const { first, second } = headStart(round >> 1);
      const [restored, removed] = await race<[Response, Response]>(
        { delayMs: first, run: () => restore(user.api, document.id, namesTarget ? target : undefined) },
        { delayMs: second, run: () => user.api("DELETE", `/api/projects/${target}`) },
      );
      expect(removed.status).toBe(200);
      const { trashedDocuments } = (await removed.json()) as { trashedDocuments: number };
      const row = await documentRow(document.id);
      expect(row?.trashedAt).not.toBeNull();
      if (restored.status === 200) {
        expect(row?.trashOrigin).toEqual({ projectId: target, projectName: expect.any(String) });
        expect(trashedDocuments).toBe(1);
      } else {
        expect(restored.status).toBe(404);
        expect(row?.trashOrigin).toEqual({ projectId: from, projectName: expect.any(String) });
        expect(trashedDocuments).toBe(0);
      }
      const live = await db.projectDocument.findMany({
        where: { userId: user.id, trashedAt: null },
        select: { projectId: true },
      });
      const projects = new Set(
        (await db.project.findMany({ where: { userId: user.id }, select: { id: true } })).map((p) => p.id),
      );
      expect(live.filter((d) => !projects.has(d.projectId))).toEqual([]);
    }
  });

  it("trash → identical re-upload racing the purge of the old row: the new row's bytes stay intact", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    slowUnlink();
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = `same bytes ${round}`;
      const old = await trashedDocument(user.api, projectId, "same.txt", bytes);
      const { folder: oldFolder } = await storedPaths(old.id);
      const body = new FormData();
      body.append("file", new File([bytes], "same.txt"));
      const { first, second } = headStart(round);
      const [uploaded, purged] = await race<[Response, Response]>(
        { delayMs: first, run: () => user.api("POST", `/api/projects/${projectId}/documents`, { body }) },
        { delayMs: second, run: () => purge(user.api, old.id) },
      );
      expect([uploaded.status, purged.status]).toEqual([201, 204]);
      const { document: fresh } = (await uploaded.json()) as { document: { id: string; sha256: string } };
      expect(fresh.id).not.toBe(old.id);
      expect(fresh.sha256).toBe(old.sha256);
      expect(await documentRow(old.id)).toBeNull();
      expect(await pathExists(oldFolder)).toBe(false);
      expect(await pathExists((await storedPaths(fresh.id)).original)).toBe(true);
      expect(await content(user.api, projectId, fresh.id)).toBe(bytes);
    }
  });

  it("identical re-upload racing the restore of the old row: one live row either way, its bytes intact", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const db = await getDb();
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = `merge race ${round}`;
      const old = await trashedDocument(user.api, projectId, "merge.txt", bytes);
      const body = new FormData();
      body.append("file", new File([bytes], "merge.txt"));
      // An upload streams and hashes before it takes the lock, so the restore needs a longer
      // delay (up to 20 ms) to land after it in some rounds.
      const [uploaded, restored] = await race<[Response, Response]>(
        { delayMs: 0, run: () => user.api("POST", `/api/projects/${projectId}/documents`, { body }) },
        { delayMs: (round % 5) * 5, run: () => restore(user.api, old.id) },
      );
      expect(restored.status).toBe(200);
      const { outcome } = (await restored.json()) as { outcome: string };
      const { document } = (await uploaded.json()) as { document: { id: string } };
      const live = await db.projectDocument.findMany({
        where: { projectId, sha256: createHash("sha256").update(bytes).digest("hex"), trashedAt: null },
      });
      expect(live).toHaveLength(1);
      const survivor = live[0]!;
      if (outcome === "restored") {
        // The restore came first; the upload then found the restored row (dedup, 200).
        expect([uploaded.status, survivor.id, document.id]).toEqual([200, old.id, old.id]);
      } else {
        expect(outcome).toBe("merged");
        expect(uploaded.status).toBe(201);
        expect(survivor.id).toBe(document.id);
        expect(await documentRow(old.id)).toBeNull();
      }
      expect(await content(user.api, projectId, survivor.id)).toBe(bytes);
      // Leave the shelf empty of this content for the next round.
      expect((await user.api("DELETE", `/api/projects/${projectId}/documents/${survivor.id}`)).status).toBe(204);
    }
  });
});
