import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseKind, getDb } from "@/lib/db/client";
import type { ListedDocument } from "@/lib/documents/document-dto";
import { signUp, type Api } from "../support/route-client";
import { newProject, trashDocument, trashedDocument, uploadDocument } from "../support/shelf-fixtures";

// The shelf's `total` (project.documentCount, kept by triggers in the writers' own
// transactions) under racing writers, each pair forced into both orderings: the first writer
// is held inside its transaction right after taking its lock (a pause in lib/db/locks), the
// second is started and, on PostgreSQL, seen waiting on a row lock; PGlite runs one
// transaction at a time and queues every other query behind it, so there the second cannot
// get ahead while the first is held. Then the first is let go. After both, `total` must equal
// a count of the live rows and the outcome the ordering implies.

const pauses = await vi.hoisted(async () => (await import("../support/pause-points")).createPausePoints());

vi.mock("@/lib/db/locks", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/locks")>();
  return {
    ...real,
    lockOwnedProject: async (...args: Parameters<typeof real.lockOwnedProject>) => {
      const row = await real.lockOwnedProject(...args);
      await pauses.pass(`project:${args[1].projectId}`);
      return row;
    },
    lockOwnedDocument: async (...args: Parameters<typeof real.lockOwnedDocument>) => {
      const row = await real.lockOwnedDocument(...args);
      await pauses.pass(`document:${args[1].documentId}`);
      return row;
    },
  };
});

afterEach(() => pauses.clear());

interface Page {
  documents: ListedDocument[];
  total: number;
}

async function total(api: Api, projectId: string): Promise<number> {
  const page = (await (await api("GET", `/api/projects/${projectId}/documents`)).json()) as Page;
  const live = await (await getDb()).projectDocument.count({ where: { projectId, trashedAt: null } });
  expect(page.total).toBe(live);
  return page.total;
}

/** Until another transaction waits on a row lock (PostgreSQL); PGlite queues whole transactions. */
async function someoneWaitsOnALock(): Promise<void> {
  if ((await databaseKind()) !== "postgres") return;
  const db = await getDb();
  for (;;) {
    // A row-lock wait shows as a lock on the holder's transaction id, which names no
    // database: the waiting session is told apart by its backend's database instead.
    const [row] = await db.$queryRaw<{ waiting: bigint }[]>`
      SELECT count(*) AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database()`;
    if (Number(row?.waiting) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Runs `first` until it holds `lock` (then holds it there), starts `second`, waits until it
 * waits on a lock, then lets `first` go.
 */
async function forced<A, B>(lock: string, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  const pause = pauses.arm(lock);
  const one = first();
  await pause.reached;
  const two = second();
  await someoneWaitsOnALock();
  pause.release();
  return Promise.all([one, two]);
}

const restore = (api: Api, id: string) => api("POST", `/api/trash/documents/${id}/restore`, { json: {} });
const purge = (api: Api, id: string) => api("POST", `/api/trash/documents/${id}/purge`);

async function shelfOf(live: number, trashed = 0) {
  const user = await signUp();
  const projectId = await newProject(user.api);
  const documents = [];
  for (let i = 0; i < live; i++)
    documents.push(await uploadDocument(user.api, projectId, `live-${i}.txt`, `live ${i}`));
  const inTrash = [];
  for (let i = 0; i < trashed; i++)
    inTrash.push(await trashedDocument(user.api, projectId, `gone-${i}.txt`, `gone ${i}`));
  expect(await total(user.api, projectId)).toBe(live);
  return { ...user, projectId, documents, inTrash };
}

describe("total under an upload racing a trash", () => {
  it("upload first (project locked), then the trash: one in, one out", async () => {
    const { api, projectId, documents } = await shelfOf(3);
    await forced(
      `project:${projectId}`,
      () => uploadDocument(api, projectId, "new.txt", "new"),
      () => trashDocument(api, projectId, documents[0]!.id),
    );
    expect(await total(api, projectId)).toBe(3);
  });

  it("trash first (project locked), then the upload: one out, one in", async () => {
    const { api, projectId, documents } = await shelfOf(3);
    await forced(
      `project:${projectId}`,
      () => trashDocument(api, projectId, documents[0]!.id),
      () => uploadDocument(api, projectId, "new.txt", "new"),
    );
    expect(await total(api, projectId)).toBe(3);
  });
});

describe("total under identical uploads racing", () => {
  it.each([0, 1])("whichever is first (%i), the second is deduplicated and counted once", async (firstIndex) => {
    const { api, projectId } = await shelfOf(2);
    const names = ["twin-a.txt", "twin-b.txt"];
    const [a, b] = await forced(
      `project:${projectId}`,
      () => uploadDocument(api, projectId, names[firstIndex]!, "same bytes"),
      () => uploadDocument(api, projectId, names[1 - firstIndex]!, "same bytes"),
    );
    expect(b.id).toBe(a.id);
    expect(a.name).toBe(names[firstIndex]);
    expect(await total(api, projectId)).toBe(3);
  });
});

describe("total under a restore racing a purge of the same document", () => {
  it("restore first (both locks held): the purge is 404 and the document counts again", async () => {
    const { api, projectId, inTrash } = await shelfOf(2, 1);
    const id = inTrash[0]!.id;
    const [restored, purged] = await forced(
      `document:${id}`,
      () => restore(api, id),
      () => purge(api, id),
    );
    expect([restored.status, purged.status]).toEqual([200, 404]);
    expect(await total(api, projectId)).toBe(3);
  });

  it("purge first (document locked): the restore is 404 and the count is unchanged", async () => {
    const { api, projectId, inTrash } = await shelfOf(2, 1);
    const id = inTrash[0]!.id;
    const [purged, restored] = await forced(
      `document:${id}`,
      () => purge(api, id),
      () => restore(api, id),
    );
    expect([purged.status, restored.status]).toEqual([204, 404]);
    expect(await total(api, projectId)).toBe(2);
  });
});

describe("total under a restore racing an upload", () => {
  it("restore first, then the upload: both count", async () => {
    const { api, projectId, inTrash } = await shelfOf(1, 1);
    const id = inTrash[0]!.id;
    const [restored] = await forced(
      `document:${id}`,
      () => restore(api, id),
      () => uploadDocument(api, projectId, "new.txt", "new"),
    );
    expect(restored.status).toBe(200);
    expect(await total(api, projectId)).toBe(3);
  });

  it("upload first, then the restore: both count", async () => {
    const { api, projectId, inTrash } = await shelfOf(1, 1);
    const id = inTrash[0]!.id;
    const [, restored] = await forced(
      `project:${projectId}`,
      () => uploadDocument(api, projectId, "new.txt", "new"),
      () => restore(api, id),
    );
    expect(restored.status).toBe(200);
    expect(await total(api, projectId)).toBe(3);
  });
});

// A run's shelf snapshot (the <documents> index admission pins, the context endpoint's `index`)
// takes its count from project.documentCount and its rows from the shelf, in one statement:
// never a walk of the whole shelf, and never a count from before a write with rows from after
// it. Each write is held open inside its transaction, with the row changed and the counter
// updated by the trigger, while the snapshot is read: PostgreSQL must answer from before the
// write (both parts), PGlite queues the read until the write commits (both parts after it).
describe("a run's shelf snapshot under a write held open", () => {
  async function snapshot(api: Api, threadId: string) {
    const { index } = (await (await api("GET", `/api/threads/${threadId}/context`)).json()) as {
      index: { entries: number; totalDocuments: number };
    };
    return index;
  }

  async function heldOpen(write: (tx: import("@/lib/db/client").Tx) => Promise<unknown>) {
    const { transaction } = await import("@/lib/db/client");
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const done = transaction(async (tx) => {
      await write(tx);
      written();
      await released;
    });
    await wrote;
    return { release, done };
  }

  it.each(["upload", "delete"] as const)("an %s: count and rows from the same side of it", async (kind) => {
    const { api, id: userId, projectId, documents } = await shelfOf(3);
    const { thread } = (await (await api("POST", "/api/threads", { json: { projectId } })).json()) as {
      thread: { id: string };
    };
    expect(await snapshot(api, thread.id)).toEqual(expect.objectContaining({ entries: 3, totalDocuments: 3 }));
    const write = await heldOpen((tx) =>
      kind === "delete"
        ? tx.projectDocument.update({ where: { id: documents[0]!.id }, data: { trashedAt: new Date() } })
        : tx.projectDocument.create({
            data: {
              projectId,
              userId,
              name: "held.txt",
              storedRelpath: "held/original/held.txt",
              sha256: "0".repeat(64),
              sizeBytes: 4n,
            },
          }),
    );
    const after = kind === "delete" ? 2 : 4;
    const reading = snapshot(api, thread.id);
    if ((await databaseKind()) === "postgres") {
      // Read while the write is open: all from before it.
      expect(await reading).toEqual(expect.objectContaining({ entries: 3, totalDocuments: 3 }));
      write.release();
      await write.done;
    } else {
      // The read is queued behind the open transaction until it commits: all from after it.
      let settled = false;
      void reading.then(() => (settled = true));
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      write.release();
      await write.done;
      expect(await reading).toEqual(expect.objectContaining({ entries: after, totalDocuments: after }));
    }
    expect(await snapshot(api, thread.id)).toEqual(expect.objectContaining({ entries: after, totalDocuments: after }));
    expect(await total(api, projectId)).toBe(after);
  });
});
