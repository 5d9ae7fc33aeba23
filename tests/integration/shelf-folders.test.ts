import { describe, expect, it } from "vitest";
import { signUp, type Api } from "../support/route-client";
import { newProject, uploadDocument } from "../support/shelf-fixtures";

// Shelf folders through the routes (docs/architecture.md § "Shelf folders and chat scope"): the
// tree's rules, moves with everything inside, documents in folders, folder pages and counts, and
// delete → trash → restore into the old folder.

type Json = Record<string, any>;

async function folder(api: Api, projectId: string, name: string, parentId?: string | null): Promise<Json> {
  const res = await api("POST", `/api/projects/${projectId}/folders`, { json: { name, parentId } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).folder;
}
async function folders(api: Api, projectId: string): Promise<Json[]> {
  return (await (await api("GET", `/api/projects/${projectId}/folders`)).json()).folders;
}
const patchFolder = (api: Api, projectId: string, folderId: string, json: Json) =>
  api("PATCH", `/api/projects/${projectId}/folders/${folderId}`, { json });
const moveDocument = (api: Api, projectId: string, docId: string, folderId: string | null) =>
  api("PATCH", `/api/projects/${projectId}/documents/${docId}`, { json: { folderId } });
async function listing(api: Api, projectId: string, query = ""): Promise<Json> {
  const res = await api("GET", `/api/projects/${projectId}/documents${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
async function uploadAt(api: Api, projectId: string, path: string, content: string): Promise<Response> {
  const body = new FormData();
  body.append("path", path);
  body.append("file", new File([content], path.split("/").at(-1)!));
  return api("POST", `/api/projects/${projectId}/documents`, { body });
}

describe("folders", () => {
  it("are created, listed with their paths, unique per parent case-insensitively, and named by the document rules", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const reports = await folder(api, p, "Reports");
    const y2026 = await folder(api, p, "2026", reports.id);
    expect(reports).toMatchObject({ projectId: p, parentId: null, name: "Reports", path: "Reports" });
    expect(y2026).toMatchObject({
      parentId: reports.id,
      name: "2026",
      path: "Reports/2026",
      createdAt: expect.any(String),
    });
    // The same name elsewhere is fine; under the same parent, in any case, it is a 409.
    await folder(api, p, "2026");
    const twin = await api("POST", `/api/projects/${p}/folders`, { json: { name: "reports" } });
    expect(twin.status).toBe(409);
    expect((await twin.json()).error.code).toBe("conflict");
    expect(
      (await api("POST", `/api/projects/${p}/folders`, { json: { name: "2026", parentId: reports.id } })).status,
    ).toBe(409);
    for (const name of ["", "a/b", "..", "x".repeat(256), "a\u202Eb"]) {
      expect((await api("POST", `/api/projects/${p}/folders`, { json: { name } })).status, name).toBe(422);
    }
    expect((await folders(api, p)).map((f) => f.path)).toEqual(["2026", "Reports", "Reports/2026"]);
    // 8 levels at most.
    let parent: string | null = null;
    for (let level = 1; level <= 8; level++) parent = (await folder(api, p, `L${level}`, parent)).id;
    const ninth = await api("POST", `/api/projects/${p}/folders`, { json: { name: "L9", parentId: parent } });
    expect(ninth.status).toBe(422);
  });

  it("are 404 to another user, and an archived shelf takes none", async () => {
    const owner = await signUp();
    const other = await signUp();
    const p = await newProject(owner.api);
    const f = await folder(owner.api, p, "Mine");
    expect((await other.api("GET", `/api/projects/${p}/folders`)).status).toBe(404);
    expect((await other.api("POST", `/api/projects/${p}/folders`, { json: { name: "x" } })).status).toBe(404);
    expect((await patchFolder(other.api, p, f.id, { name: "Theirs" })).status).toBe(404);
    expect((await other.api("DELETE", `/api/projects/${p}/folders/${f.id}`)).status).toBe(404);
    const otherProject = await newProject(other.api);
    expect(
      (await other.api("POST", `/api/projects/${otherProject}/folders`, { json: { name: "x", parentId: f.id } }))
        .status,
    ).toBe(404);
    expect((await owner.api("POST", `/api/projects/${p}/archive`)).status).toBe(200);
    expect((await owner.api("POST", `/api/projects/${p}/folders`, { json: { name: "x" } })).status).toBe(404);
    expect((await owner.api("GET", `/api/projects/${p}/folders`)).status).toBe(200);
  });

  it("rename and move with everything inside; never under themselves, never past 8 levels", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const a = await folder(api, p, "A");
    const b = await folder(api, p, "B", a.id);
    const c = await folder(api, p, "C", b.id);
    const doc = await uploadDocument(api, p, "deep.txt", "deep");
    expect((await moveDocument(api, p, doc.id, c.id)).status).toBe(200);

    const renamed = await patchFolder(api, p, a.id, { name: "Alpha" });
    expect((await renamed.json()).folder).toMatchObject({ name: "Alpha", path: "Alpha" });
    expect((await folders(api, p)).map((f) => f.path)).toEqual(["Alpha", "Alpha/B", "Alpha/B/C"]);
    expect((await listing(api, p)).documents[0]).toMatchObject({ folderId: c.id, folderPath: "Alpha/B/C" });

    // B to the root, with C inside it.
    const moved = await patchFolder(api, p, b.id, { parentId: null });
    expect((await moved.json()).folder).toMatchObject({ parentId: null, path: "B" });
    expect((await folders(api, p)).map((f) => f.path)).toEqual(["Alpha", "B", "B/C"]);
    // Under itself or under its own subfolder: 422, and nothing changes.
    for (const parentId of [b.id, c.id]) {
      const res = await patchFolder(api, p, b.id, { parentId });
      expect(res.status).toBe(422);
      expect((await res.json()).error.details).toEqual([expect.objectContaining({ path: "parentId" })]);
    }
    // Into a parent that already has that name: 409.
    await folder(api, p, "b", a.id);
    expect((await patchFolder(api, p, b.id, { parentId: a.id })).status).toBe(409);
    // A subtree of 2 levels under a folder at level 7 would reach 9.
    let parent: string | null = null;
    for (let level = 1; level <= 7; level++) parent = (await folder(api, p, `L${level}`, parent)).id;
    expect((await patchFolder(api, p, b.id, { parentId: parent })).status).toBe(422);
    expect((await patchFolder(api, p, c.id, { parentId: parent })).status).toBe(200);
    expect((await folders(api, p)).find((f) => f.id === c.id)!.path).toBe("L1/L2/L3/L4/L5/L6/L7/C");
    expect((await patchFolder(api, p, b.id, {})).status).toBe(422);
  });
});

describe("documents in folders", () => {
  it("move between folders, list per folder with exact counts and folder-bound cursors, and carry their paths", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const work = await folder(api, p, "Work");
    const docs = [];
    for (let i = 0; i < 5; i++) docs.push(await uploadDocument(api, p, `w${i}.txt`, `work ${i}`));
    const loose = await uploadDocument(api, p, "loose.txt", "loose");
    for (const doc of docs) {
      const res = await moveDocument(api, p, doc.id, work.id);
      expect((await res.json()).document).toMatchObject({ id: doc.id, folderId: work.id, folderPath: "Work" });
    }
    // A move keeps the document's modified time (the shelf's order).
    expect((await listing(api, p)).documents.map((d: Json) => d.updatedAt)).toEqual(
      [loose, ...docs.toReversed()].map((d) => d.updatedAt),
    );

    const inWork = await listing(api, p, `?folderId=${work.id}&limit=2`);
    expect(inWork.total).toBe(5);
    expect(inWork.documents.map((d: Json) => d.name)).toEqual(["w4.txt", "w3.txt"]);
    const next = await listing(api, p, `?folderId=${work.id}&limit=2&cursor=${inWork.nextCursor}`);
    expect(next.documents.map((d: Json) => d.name)).toEqual(["w2.txt", "w1.txt"]);
    // A cursor of one folder is no cursor for another listing.
    expect((await api("GET", `/api/projects/${p}/documents?folderId=root&cursor=${inWork.nextCursor}`)).status).toBe(
      422,
    );
    expect((await api("GET", `/api/projects/${p}/documents?cursor=${inWork.nextCursor}`)).status).toBe(422);

    const root = await listing(api, p, "?folderId=root");
    expect(root).toMatchObject({
      total: 1,
      documents: [expect.objectContaining({ id: loose.id, folderId: null, folderPath: null })],
    });
    const whole = await listing(api, p);
    expect(whole.total).toBe(6);
    // Search within a folder or across the shelf; each hit shows its folder path.
    const found = await listing(api, p, `?q=work&folderId=${work.id}`);
    expect(found.total).toBe(5);
    expect(found.documents.every((d: Json) => d.folderPath === "Work")).toBe(true);
    expect((await listing(api, p, "?q=loose&folderId=root")).total).toBe(1);
    expect((await listing(api, p, "?q=loose&folderId=" + work.id)).total).toBe(0);

    // Back to the root; a folder of another project is a 404; so is a trashed document.
    expect((await (await moveDocument(api, p, docs[0]!.id, null)).json()).document.folderPath).toBeNull();
    const elsewhere = await folder(api, await newProject(api), "Else");
    expect((await moveDocument(api, p, docs[1]!.id, elsewhere.id)).status).toBe(404);
    expect((await api("GET", `/api/projects/${p}/documents?folderId=${elsewhere.id}`)).status).toBe(404);
    await api("DELETE", `/api/projects/${p}/documents/${docs[1]!.id}`);
    expect((await moveDocument(api, p, docs[1]!.id, work.id)).status).toBe(404);
  });

  it("uploads with a path land in folders made as needed, and a duplicate stays where it was", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const first = await uploadAt(api, p, "a/b/one.txt", "one");
    expect(first.status).toBe(201);
    expect((await first.json()).document).toMatchObject({ name: "one.txt", folderPath: "a/b" });
    const second = await uploadAt(api, p, "A/c/two.txt", "two");
    expect((await second.json()).document.folderPath).toBe("a/c");
    const duplicate = await uploadAt(api, p, "x/one-again.txt", "one");
    expect(duplicate.status).toBe(200);
    expect((await duplicate.json()).document).toMatchObject({ name: "one.txt", folderPath: "a/b" });
    // A duplicate makes no folder: it stays where it already was.
    expect((await folders(api, p)).map((f) => f.path)).toEqual(["a", "a/b", "a/c"]);
    for (const path of ["/abs.txt", "a//b.txt", "../up.txt", "a/../b.txt", `${"d/".repeat(9)}deep.txt`]) {
      expect((await uploadAt(api, p, path, "bad")).status, path).toBe(422);
    }
  });
});

describe("deleting a folder", () => {
  it("sends everything inside to the trash; restore goes back to the old folder while it exists, else the root", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const keep = await folder(api, p, "Keep");
    const gone = await folder(api, p, "Gone");
    const inner = await folder(api, p, "Inner", gone.id);
    const kept = await (await uploadAt(api, p, "Keep/kept.txt", "kept")).json();
    const a = await (await uploadAt(api, p, "Gone/a.txt", "a")).json();
    const b = await (await uploadAt(api, p, "Gone/Inner/b.txt", "b")).json();
    expect(b.document.folderId).toBe(inner.id);

    // One document trashed from a folder that stays: restored into it.
    expect((await api("DELETE", `/api/projects/${p}/documents/${kept.document.id}`)).status).toBe(204);
    const restored = await api("POST", `/api/trash/documents/${kept.document.id}/restore`, { json: {} });
    expect((await restored.json()).document).toMatchObject({ folderId: keep.id, folderPath: "Keep" });

    expect((await api("DELETE", `/api/projects/${p}/folders/${gone.id}`)).status).toBe(204);
    expect((await folders(api, p)).map((f) => f.path)).toEqual(["Keep"]);
    expect((await listing(api, p)).total).toBe(1);
    const trash = await (await api("GET", "/api/trash/documents")).json();
    expect(trash.documents.map((d: Json) => d.name).sort()).toEqual(["a.txt", "b.txt"]);
    expect(trash.documents.find((d: Json) => d.name === "b.txt").origin).toMatchObject({
      projectId: p,
      folderId: inner.id,
    });
    // Its folder is gone: back at the root.
    const back = await api("POST", `/api/trash/documents/${b.document.id}/restore`, { json: {} });
    expect((await back.json()).document).toMatchObject({ folderId: null, folderPath: null });
    // Restored into another project: at its root.
    const other = await newProject(api);
    const moved = await api("POST", `/api/trash/documents/${a.document.id}/restore`, { json: { projectId: other } });
    expect((await moved.json()).document).toMatchObject({ projectId: other, folderId: null });
    expect((await api("DELETE", `/api/projects/${p}/folders/${gone.id}`)).status).toBe(404);
  });

  it("goes with its project: a deleted project's folders are gone and its documents restore to a root", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const doc = await (await uploadAt(api, p, "F/doc.txt", "doc")).json();
    expect((await api("DELETE", `/api/projects/${p}`)).status).toBe(200);
    const target = await newProject(api);
    const res = await api("POST", `/api/trash/documents/${doc.document.id}/restore`, { json: { projectId: target } });
    expect((await res.json()).document).toMatchObject({ projectId: target, folderId: null, folderPath: null });
  });
});

describe("export and import", () => {
  it("keep every folder path, empty folders included, and each document in its folder", async () => {
    const { api } = await signUp();
    const p = await newProject(api, "Foldered");
    await uploadAt(api, p, "Reports/2026/q3.txt", "q3");
    await uploadAt(api, p, "Reports/notes.txt", "notes");
    await uploadAt(api, p, "top.txt", "top");
    await folder(api, p, "Empty");
    const exported = await api("GET", "/api/export");
    expect(exported.status).toBe(200);
    const zip = new Uint8Array(await exported.arrayBuffer());

    const other = await signUp();
    const body = new FormData();
    body.append("file", new File([zip], "export.zip", { type: "application/zip" }));
    const imported = await other.api("POST", "/api/import", { body });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const project = (await (await other.api("GET", "/api/projects")).json()).projects.find(
      (candidate: Json) => candidate.name === "Foldered",
    );
    expect((await folders(other.api, project.id)).map((f) => f.path)).toEqual(["Empty", "Reports", "Reports/2026"]);
    const documents = (await listing(other.api, project.id)).documents;
    expect(documents.map((d: Json) => [d.name, d.folderPath]).sort()).toEqual([
      ["notes.txt", "Reports"],
      ["q3.txt", "Reports/2026"],
      ["top.txt", null],
    ]);
  });
});
