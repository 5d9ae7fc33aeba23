import { appendFile, unlink } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { DocumentDto } from "@/lib/documents/document-dto";
import type { TrashedDocumentDto } from "@/lib/trash/trashed-document-dto";
import { callApi, signUp, type Api } from "../support/route-client";
import {
  documentRow,
  newProject,
  storedPaths,
  trashDocument,
  trashedDocument,
  uploadDocument,
} from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";
import { json } from "../support/fixtures";

// The trash through the real route handlers: the round trip, every restore outcome, purge
// one, empty trash (the caller's only), paging, validation and owner scoping.

interface Body {
  documents: TrashedDocumentDto[];
  total: number;
  nextOffset: number | null;
  retentionDays: number;
  outcome: "restored" | "merged";
  document: DocumentDto;
  purged: number;
  error: { code: string; message: string; retryable?: boolean };
}

const listTrash = async (api: Api, query = "") => json<Body>(await api("GET", `/api/trash/documents${query}`));
const restore = (api: Api, documentId: string, body?: unknown) =>
  api("POST", `/api/trash/documents/${documentId}/restore`, body === undefined ? {} : { json: body });
const purge = (api: Api, documentId: string) => api("POST", `/api/trash/documents/${documentId}/purge`);
const shelf = async (api: Api, projectId: string) =>
  (await json<Body>(await api("GET", `/api/projects/${projectId}/documents`))).documents;
const content = async (api: Api, projectId: string, documentId: string) =>
  (await api("GET", `/api/projects/${projectId}/documents/${documentId}/content`)).text();

describe("trash round trip", () => {
  it("upload → delete → restore → delete → purge, with the listing in between", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api, "Roadmap");
    const document = await uploadDocument(user.api, projectId, "notes.txt", "round trip bytes");
    await trashDocument(user.api, projectId, document.id);
    expect(await shelf(user.api, projectId)).toEqual([]);

    const listed = await listTrash(user.api);
    expect(listed).toMatchObject({ total: 1, nextOffset: null, retentionDays: 30 });
    const entry = listed.documents[0]!;
    expect(Object.keys(entry).sort()).toEqual([
      "contentMissing",
      "createdAt",
      "folderId",
      "folderPath",
      "id",
      "name",
      "origin",
      "originAvailable",
      "projectId",
      "purgeAfter",
      "sha256",
      "sizeBytes",
      "sourceKind",
      "sourceName",
      "sourceThreadId",
      "trashedAt",
      "updatedAt",
    ]);
    expect(entry).toMatchObject({
      id: document.id,
      name: "notes.txt",
      sizeBytes: 16,
      origin: { projectId, projectName: "Roadmap" },
      originAvailable: true,
      contentMissing: false,
    });
    expect(Date.parse(entry.purgeAfter) - Date.parse(entry.trashedAt)).toBe(30 * 24 * 60 * 60 * 1000);

    const restored = await restore(user.api, document.id);
    expect(restored.status).toBe(200);
    expect(await json<Body>(restored)).toMatchObject({
      outcome: "restored",
      document: { id: document.id, projectId, contentMissing: false },
    });
    expect((await shelf(user.api, projectId)).map((d) => d.id)).toEqual([document.id]);
    expect((await listTrash(user.api)).total).toBe(0);
    expect(await content(user.api, projectId, document.id)).toBe("round trip bytes");
    const row = await documentRow(document.id);
    expect(row).toMatchObject({ trashedAt: null, trashOrigin: null });

    await trashDocument(user.api, projectId, document.id);
    const { folder } = await storedPaths(document.id);
    expect(await pathExists(folder)).toBe(true);
    expect((await purge(user.api, document.id)).status).toBe(204);
    expect(await documentRow(document.id)).toBeNull();
    expect(await pathExists(folder)).toBe(false);
    expect((await listTrash(user.api)).total).toBe(0);
    expect((await purge(user.api, document.id)).status).toBe(404);
    expect((await restore(user.api, document.id)).status).toBe(404);
  });

  it("pages the trash newest-trashed first and validates paging (422)", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const ids: string[] = [];
    for (const name of ["a.txt", "b.txt", "c.txt"])
      ids.push((await trashedDocument(user.api, projectId, name, name)).id);
    const first = await listTrash(user.api, "?limit=2");
    expect(first.documents.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first).toMatchObject({ total: 3, nextOffset: 2 });
    const second = await listTrash(user.api, "?limit=2&offset=2");
    expect(second.documents.map((d) => d.id)).toEqual([ids[0]]);
    expect(second.nextOffset).toBeNull();
    for (const query of ["?limit=0", "?limit=1001", "?offset=-1", "?limit=x"]) {
      expect((await user.api("GET", `/api/trash/documents${query}`)).status, query).toBe(422);
    }
  });
});

describe("restore outcomes", () => {
  it("merged: the target already holds identical bytes; the trashed copy and its folder go", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const old = await trashedDocument(user.api, projectId, "first.txt", "identical");
    const fresh = await uploadDocument(user.api, projectId, "second.txt", "identical");
    expect(fresh.id).not.toBe(old.id);
    const { folder: oldFolder } = await storedPaths(old.id);
    const { original: freshOriginal } = await storedPaths(fresh.id);

    const res = await restore(user.api, old.id);
    expect(res.status).toBe(200);
    expect(await json<Body>(res)).toMatchObject({
      outcome: "merged",
      document: { id: fresh.id, name: "second.txt", projectId },
    });
    expect(await documentRow(old.id)).toBeNull();
    expect(await pathExists(oldFolder)).toBe(false);
    expect(await pathExists(freshOriginal)).toBe(true);
    expect((await shelf(user.api, projectId)).map((d) => d.id)).toEqual([fresh.id]);
    expect(await content(user.api, projectId, fresh.id)).toBe("identical");
  });

  it("not found: an unknown id, a live document, one already restored", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const live = await uploadDocument(user.api, projectId, "live.txt", "live");
    const trashed = await trashedDocument(user.api, projectId, "t.txt", "t");
    expect((await restore(user.api, crypto.randomUUID())).status).toBe(404);
    expect((await restore(user.api, live.id)).status).toBe(404);
    expect((await purge(user.api, live.id)).status).toBe(404);
    expect((await restore(user.api, trashed.id)).status).toBe(200);
    expect((await restore(user.api, trashed.id)).status).toBe(404);
    expect((await documentRow(live.id))?.trashedAt).toBeNull();
  });

  it("no target: origin deleted or archived → 404 without projectId, restored into the one given", async () => {
    const user = await signUp();
    const deleted = await newProject(user.api, "Gone");
    const archived = await newProject(user.api, "Shelved");
    const other = await newProject(user.api, "Other");
    const fromDeleted = await uploadDocument(user.api, deleted, "orphan.txt", "orphan bytes");
    expect((await user.api("DELETE", `/api/projects/${deleted}`)).status).toBe(200);
    const fromArchived = await trashedDocument(user.api, archived, "shelved.txt", "shelved bytes");
    expect((await user.api("POST", `/api/projects/${archived}/archive`)).status).toBe(200);

    const listed = await listTrash(user.api);
    const byId = new Map(listed.documents.map((d) => [d.id, d]));
    expect(byId.get(fromDeleted.id)).toMatchObject({
      origin: { projectId: deleted, projectName: "Gone" },
      originAvailable: false,
    });
    expect(byId.get(fromArchived.id)).toMatchObject({
      origin: { projectId: archived, projectName: "Shelved" },
      originAvailable: false,
    });

    for (const id of [fromDeleted.id, fromArchived.id]) {
      expect((await restore(user.api, id)).status).toBe(404);
      expect((await restore(user.api, id, { projectId: null })).status).toBe(404);
      expect((await restore(user.api, id, { projectId: archived })).status).toBe(404);
      expect((await documentRow(id))?.trashedAt).not.toBeNull();
    }
    const res = await restore(user.api, fromDeleted.id, { projectId: other });
    expect(res.status).toBe(200);
    expect(await json<Body>(res)).toMatchObject({
      outcome: "restored",
      document: { id: fromDeleted.id, projectId: other },
    });
    expect(await content(user.api, other, fromDeleted.id)).toBe("orphan bytes");
    const { project } = (await (await user.api("GET", `/api/projects/${other}`)).json()) as {
      project: { documentCount: number };
    };
    expect(project.documentCount).toBe(1);

    // Unarchived again, the origin is available and a bare restore goes home.
    expect((await user.api("POST", `/api/projects/${archived}/unarchive`)).status).toBe(200);
    expect((await listTrash(user.api)).documents.find((d) => d.id === fromArchived.id)?.originAvailable).toBe(true);
    expect(await json<Body>(await restore(user.api, fromArchived.id))).toMatchObject({
      outcome: "restored",
      document: { projectId: archived },
    });
  });

  it("content_missing: a gone or resized original is 409 and the row stays in the trash", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const gone = await trashedDocument(user.api, projectId, "gone.txt", "gone");
    const resized = await trashedDocument(user.api, projectId, "resized.txt", "resized");
    await unlink((await storedPaths(gone.id)).original);
    await appendFile((await storedPaths(resized.id)).original, "!");

    for (const id of [gone.id, resized.id]) {
      const res = await restore(user.api, id);
      expect(res.status).toBe(409);
      expect((await json<Body>(res)).error.code).toBe("content_missing");
      expect((await documentRow(id))?.trashedAt).not.toBeNull();
    }
    const listed = await listTrash(user.api);
    expect(listed.documents.every((d) => d.contentMissing)).toBe(true);
    expect(await shelf(user.api, projectId)).toEqual([]);
  });

  it("a merge never drops good bytes for a survivor whose own file is gone (409, row kept)", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const old = await trashedDocument(user.api, projectId, "good.txt", "same bytes");
    const broken = await uploadDocument(user.api, projectId, "broken.txt", "same bytes");
    await unlink((await storedPaths(broken.id)).original);
    const res = await restore(user.api, old.id);
    expect(res.status).toBe(409);
    expect((await json<Body>(res)).error.code).toBe("content_missing");
    expect((await documentRow(old.id))?.trashedAt).not.toBeNull();
    expect(await pathExists((await storedPaths(old.id)).original)).toBe(true);
    // Trash the broken survivor, and the good copy restores.
    await trashDocument(user.api, projectId, broken.id);
    expect(await json<Body>(await restore(user.api, old.id))).toMatchObject({
      outcome: "restored",
      document: { id: old.id },
    });
  });
});

describe("purge and empty trash", () => {
  it("empty trash purges every trashed row of the caller, any age, and nothing of anyone else", async () => {
    const owner = await signUp("Owner");
    const stranger = await signUp("Stranger");
    const ownerProject = await newProject(owner.api);
    const strangerProject = await newProject(stranger.api);
    const mine = [
      await trashedDocument(owner.api, ownerProject, "1.txt", "one"),
      await trashedDocument(owner.api, ownerProject, "2.txt", "two"),
    ];
    const live = await uploadDocument(owner.api, ownerProject, "live.txt", "live");
    const theirs = await trashedDocument(stranger.api, strangerProject, "3.txt", "three");

    const res = await stranger.api("POST", "/api/trash/purge");
    expect(res.status).toBe(200);
    expect(await json<Body>(res)).toEqual({ purged: 1 });
    expect(await documentRow(theirs.id)).toBeNull();
    expect((await listTrash(owner.api)).total).toBe(2);

    const folders = await Promise.all(mine.map(async (d) => (await storedPaths(d.id)).folder));
    expect(await json<Body>(await owner.api("POST", "/api/trash/purge"))).toEqual({ purged: 2 });
    for (const folder of folders) expect(await pathExists(folder)).toBe(false);
    expect((await listTrash(owner.api)).total).toBe(0);
    expect(await content(owner.api, ownerProject, live.id)).toBe("live");
    expect(await json<Body>(await owner.api("POST", "/api/trash/purge"))).toEqual({ purged: 0 });
  });

  it("purges a converted companion too", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await uploadDocument(user.api, projectId, "page.html", "<h1>Title</h1><p>body</p>");
    expect(
      (await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content?as=markdown`)).status,
    ).toBe(200);
    const { folder } = await storedPaths(document.id);
    expect(await pathExists(`${folder}/derived/converted.md`)).toBe(true);
    await trashDocument(user.api, projectId, document.id);
    expect((await purge(user.api, document.id)).status).toBe(204);
    expect(await pathExists(folder)).toBe(false);
  });
});

describe("owner scoping", () => {
  it("answers another user's trash exactly like a missing one, on every route", async () => {
    const owner = await signUp("Owner");
    const stranger = await signUp("Stranger");
    const ownerProject = await newProject(owner.api);
    const strangerProject = await newProject(stranger.api);
    const secret = await trashedDocument(owner.api, ownerProject, "secret.txt", "secret");
    const missing = crypto.randomUUID();

    expect((await listTrash(stranger.api)).total).toBe(0);
    const pairs: [string, () => Promise<Response>, () => Promise<Response>][] = [
      ["restore", () => restore(stranger.api, secret.id), () => restore(stranger.api, missing)],
      [
        "restore into own",
        () => restore(stranger.api, secret.id, { projectId: strangerProject }),
        () => restore(stranger.api, missing, { projectId: strangerProject }),
      ],
      ["purge", () => purge(stranger.api, secret.id), () => purge(stranger.api, missing)],
      // The owner restoring into the stranger's project: as if it did not exist.
      [
        "restore into foreign",
        () => restore(owner.api, secret.id, { projectId: strangerProject }),
        () => restore(owner.api, secret.id, { projectId: missing }),
      ],
    ];
    for (const [label, foreign, absent] of pairs) {
      const [a, b] = [await foreign(), await absent()];
      expect([label, a.status]).toEqual([label, 404]);
      expect(await a.text()).toBe(await b.text());
    }
    expect((await documentRow(secret.id))?.trashedAt).not.toBeNull();
    expect((await listTrash(owner.api)).documents.map((d) => d.id)).toEqual([secret.id]);
  });

  it("answers 401 without a session and validates the restore body", async () => {
    for (const [method, route] of [
      ["GET", "/api/trash/documents"],
      ["POST", "/api/trash/purge"],
      ["POST", "/api/trash/documents/x/restore"],
      ["POST", "/api/trash/documents/x/purge"],
    ] as const) {
      expect((await callApi(method, route)).status, route).toBe(401);
    }
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "x.txt", "x");
    expect((await restore(user.api, document.id, { projectId: 5 })).status).toBe(422);
    expect(
      (
        await user.api("POST", `/api/trash/documents/${document.id}/restore`, {
          body: "{nope",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
  });
});
