import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { projectStagingDir } from "@/lib/storage/layout";
import { readdirOrEmpty } from "@/lib/storage/aged-removal";
import { signUp, type Api } from "../support/route-client";
import { secondWaitsOnLock } from "../support/lock-waits";
import { newProject, storedPaths, trashDocument, uploadDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// Fork, merge and transfer against other writes, each ordering forced
// (docs/architecture.md § "Fork, merge and transfer"): the first operation is held right after it
// takes its lock(s), the second is started (on PostgreSQL the test sees it wait on a lock), then
// the first is let go. Whichever goes first wins whole; the second reads its result under the lock.
// No deadlock, no row lost or doubled, no bytes removed that a row still names.

const pauses = await vi.hoisted(async () => (await import("../support/pause-points")).createPausePoints());

vi.mock("@/lib/db/locks", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/locks")>();
  return {
    ...real,
    lockOwnedProject: async (...args: Parameters<typeof real.lockOwnedProject>) => {
      const project = await real.lockOwnedProject(...args);
      await pauses.pass("project-locked");
      return project;
    },
    lockOwnedProjectPair: async (...args: Parameters<typeof real.lockOwnedProjectPair>) => {
      const pair = await real.lockOwnedProjectPair(...args);
      await pauses.pass("pair-locked");
      return pair;
    },
    lockOwnedDocument: async (...args: Parameters<typeof real.lockOwnedDocument>) => {
      const document = await real.lockOwnedDocument(...args);
      await pauses.pass("document-locked");
      return document;
    },
  };
});

afterEach(() => pauses.clear());

type Json = Record<string, any>;

/** Runs `first` held at `point`, starts `second` once it is held, then lets `first` go. */
async function forced(point: string, first: () => Promise<Response>, second: () => Promise<Response>) {
  const held = pauses.arm(point);
  const firstCall = first();
  await held.reached;
  const secondCall = second();
  await secondWaitsOnLock();
  held.release();
  return Promise.all([firstCall, secondCall]);
}

const merge = (api: Api, from: string, into: string, afterwards = "keep") =>
  api("POST", `/api/projects/${from}/merge`, { json: { intoProjectId: into, afterwards } });
const move = (api: Api, from: string, documentId: string, to: string) =>
  api("POST", `/api/projects/${from}/documents/transfer`, {
    json: { documentIds: [documentId], toProjectId: to, mode: "move" },
  });
function upload(api: Api, projectId: string, name: string, content: string) {
  const body = new FormData();
  body.append("file", new File([content], name));
  return api("POST", `/api/projects/${projectId}/documents`, { body });
}
/** The live documents of these projects (those still there), with each one's recorded count beside them. */
async function shelves(userId: string, projectIds: string[]) {
  const db = await getDb();
  const rows = await db.projectDocument.findMany({
    where: { userId, trashedAt: null },
    select: { name: true, projectId: true },
  });
  const projects = await db.project.findMany({
    where: { userId, id: { in: projectIds } },
    select: { id: true, documentCount: true },
  });
  return Object.fromEntries(
    projects.map((p) => [
      p.id,
      {
        names: rows
          .filter((r) => r.projectId === p.id)
          .map((r) => r.name)
          .sort(),
        documentCount: p.documentCount,
      },
    ]),
  );
}

describe("two merges between the same projects in opposite directions", () => {
  it.each([
    ["A into B goes first", "A"],
    ["B into A goes first", "B"],
  ])("%s: both finish, everything ends in one project, nothing is lost", async (_, first) => {
    const user = await signUp();
    const ids: Record<string, string> = { A: await newProject(user.api), B: await newProject(user.api) };
    await uploadDocument(user.api, ids.A!, "a1.txt", "a1");
    await uploadDocument(user.api, ids.A!, "a2.txt", "a2");
    await uploadDocument(user.api, ids.B!, "b1.txt", "b1");
    const second = first === "A" ? "B" : "A";

    const [won, after] = await forced(
      "pair-locked",
      () => merge(user.api, ids[first]!, ids[second]!),
      () => merge(user.api, ids[second]!, ids[first]!),
    );
    expect(won.status, await won.clone().text()).toBe(200);
    expect(after.status, await after.clone().text()).toBe(200);
    // The second merge moved everything back: the first's source holds all three.
    expect(await shelves(user.id, [ids.A!, ids.B!])).toEqual({
      [ids[first]!]: { names: ["a1.txt", "a2.txt", "b1.txt"], documentCount: 3 },
      [ids[second]!]: { names: [], documentCount: 0 },
    });
  });

  it("with delete afterwards, the second finds its target gone (404) and the first's result stands", async () => {
    const user = await signUp();
    const a = await newProject(user.api);
    const b = await newProject(user.api);
    await uploadDocument(user.api, a, "a.txt", "a");
    await uploadDocument(user.api, b, "b.txt", "b");
    const [won, lost] = await forced(
      "pair-locked",
      () => merge(user.api, a, b, "delete"),
      () => merge(user.api, b, a, "delete"),
    );
    expect(won.status).toBe(200);
    expect(lost.status).toBe(404);
    expect(await shelves(user.id, [a, b])).toEqual({ [b]: { names: ["a.txt", "b.txt"], documentCount: 2 } });
  });
});

describe("a merge racing an upload into its source", () => {
  it("the upload goes first: its document is merged with the rest", async () => {
    const user = await signUp();
    const source = await newProject(user.api);
    const target = await newProject(user.api);
    await uploadDocument(user.api, source, "before.txt", "before");
    const [uploaded, merged] = await forced(
      "project-locked",
      () => upload(user.api, source, "racing.txt", "racing"),
      () => merge(user.api, source, target, "archive"),
    );
    expect(uploaded.status).toBe(201);
    expect(merged.status).toBe(200);
    expect((await merged.json()).documents.moved).toBe(2);
    expect(await shelves(user.id, [source, target])).toEqual({
      [source]: { names: [], documentCount: 0 },
      [target]: { names: ["before.txt", "racing.txt"], documentCount: 2 },
    });
  });

  it("the merge goes first: the upload finds the source archived (404) and leaves nothing behind", async () => {
    const user = await signUp();
    const source = await newProject(user.api);
    const target = await newProject(user.api);
    await uploadDocument(user.api, source, "before.txt", "before");
    const [merged, uploaded] = await forced(
      "pair-locked",
      () => merge(user.api, source, target, "archive"),
      () => upload(user.api, source, "racing.txt", "racing"),
    );
    expect(merged.status).toBe(200);
    expect(uploaded.status).toBe(404);
    expect(await shelves(user.id, [source, target])).toEqual({
      [source]: { names: [], documentCount: 0 },
      [target]: { names: ["before.txt"], documentCount: 1 },
    });
    expect(await readdirOrEmpty(projectStagingDir({ userId: user.id, projectId: source }))).toEqual([]);
  });
});

describe("a move to another project racing a delete of the same document", () => {
  it("the move goes first: the document is on the target's shelf and the delete is a 404", async () => {
    const user = await signUp();
    const source = await newProject(user.api);
    const target = await newProject(user.api);
    const doc = await uploadDocument(user.api, source, "doc.txt", "doc");
    const [moved, deleted] = await forced(
      "pair-locked",
      () => move(user.api, source, doc.id, target),
      () => user.api("DELETE", `/api/projects/${source}/documents/${doc.id}`),
    );
    expect(moved.status).toBe(200);
    expect(deleted.status).toBe(404);
    expect(await shelves(user.id, [source, target])).toEqual({
      [source]: { names: [], documentCount: 0 },
      [target]: { names: ["doc.txt"], documentCount: 1 },
    });
  });

  it("the delete goes first: the document is in the trash and the move is a 404 that changes nothing", async () => {
    const user = await signUp();
    const source = await newProject(user.api);
    const target = await newProject(user.api);
    const doc = await uploadDocument(user.api, source, "doc.txt", "doc");
    const [deleted, moved] = await forced(
      "project-locked",
      () => user.api("DELETE", `/api/projects/${source}/documents/${doc.id}`),
      () => move(user.api, source, doc.id, target),
    );
    expect(deleted.status).toBe(204);
    expect(moved.status).toBe(404);
    expect(await shelves(user.id, [source, target])).toEqual({
      [source]: { names: [], documentCount: 0 },
      [target]: { names: [], documentCount: 0 },
    });
    const trash = (await (await user.api("GET", "/api/trash/documents")).json()) as Json;
    expect(trash.documents.map((d: Json) => d.id)).toEqual([doc.id]);
  });
});

describe("two purges of rows that share bytes (a document and its fork's copy)", () => {
  it.each([
    ["the original's purge goes first", 0],
    ["the copy's purge goes first", 1],
  ])("%s: both are purged and the shared file goes exactly when the last row does", async (_, firstIndex) => {
    const user = await signUp();
    const source = await newProject(user.api);
    const original = await uploadDocument(user.api, source, "shared.txt", "shared bytes");
    const forked = (await (await user.api("POST", `/api/projects/${source}/fork`, { json: {} })).json()).project;
    const [copy] = (await (await user.api("GET", `/api/projects/${forked.id}/documents`)).json()).documents;
    const file = (await storedPaths(original.id)).original;
    await trashDocument(user.api, source, original.id);
    await trashDocument(user.api, forked.id, copy.id);
    const rows = [original.id, copy.id as string];
    const [firstId, secondId] = firstIndex === 0 ? rows : [rows[1]!, rows[0]!];

    const [a, b] = await forced(
      "document-locked",
      () => user.api("POST", `/api/trash/documents/${firstId}/purge`),
      () => user.api("POST", `/api/trash/documents/${secondId}/purge`),
    );
    expect([a.status, b.status]).toEqual([204, 204]);
    expect(await pathExists(file)).toBe(false);
    expect(await (await getDb()).projectDocument.count({ where: { userId: user.id } })).toBe(0);
  });
});
