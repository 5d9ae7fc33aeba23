import { describe, expect, it } from "vitest";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { signUp, type Api } from "../support/route-client";
import { newProject, storedPaths, trashDocument, uploadDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// Projects reshaped (docs/architecture.md § "Fork, merge and transfer"): a fork is the source at
// one instant and then independent of it (bytes shared, never lost to the other's purge); a merge
// moves everything with its dedup, naming, notes, chats and instructions rules; a transfer copies
// or moves documents and whole folders. Orderings forced against other writes are in
// projects-reshaped-orderings.test.ts.

type Json = Record<string, any>;

async function json(res: Response, status: number): Promise<Json> {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
}
async function project(api: Api, id: string): Promise<Json> {
  return (await json(await api("GET", `/api/projects/${id}`), 200)).project;
}
async function folder(api: Api, projectId: string, name: string, parentId?: string | null): Promise<Json> {
  return (await json(await api("POST", `/api/projects/${projectId}/folders`, { json: { name, parentId } }), 201))
    .folder;
}
async function folders(api: Api, projectId: string): Promise<string[]> {
  return (await json(await api("GET", `/api/projects/${projectId}/folders`), 200)).folders.map((f: Json) => f.path);
}
/** Every live document of the shelf as "folder/name" (root: "name"), sorted. */
async function shelf(api: Api, projectId: string): Promise<string[]> {
  const { documents } = await json(await api("GET", `/api/projects/${projectId}/documents?limit=200`), 200);
  return documents.map((d: Json) => (d.folderPath ? `${d.folderPath}/${d.name}` : d.name)).sort();
}
async function uploadAt(api: Api, projectId: string, path: string, content: string): Promise<Json> {
  const body = new FormData();
  body.append("path", path);
  body.append("file", new File([content], path.split("/").at(-1)!));
  return (await json(await api("POST", `/api/projects/${projectId}/documents`, { body }), 201)).document;
}
async function search(api: Api, projectId: string, q: string): Promise<string[]> {
  const { documents } = await json(
    await api("GET", `/api/projects/${projectId}/documents?q=${encodeURIComponent(q)}`),
    200,
  );
  return documents.map((d: Json) => d.name).sort();
}
async function note(api: Api, projectId: string, text: string): Promise<Json> {
  return (await json(await api("POST", `/api/projects/${projectId}/notes`, { json: { text } }), 201)).note;
}
async function notes(api: Api, projectId: string): Promise<Json[]> {
  return (await json(await api("GET", `/api/projects/${projectId}/notes?state=all`), 200)).notes;
}
async function chat(api: Api, projectId: string, title: string): Promise<Json> {
  return (await json(await api("POST", "/api/threads", { json: { projectId, title } }), 201)).thread;
}
const content = async (api: Api, projectId: string, documentId: string) =>
  api("GET", `/api/projects/${projectId}/documents/${documentId}/content`);
const fork = (api: Api, projectId: string, body: Json = {}) =>
  api("POST", `/api/projects/${projectId}/fork`, { json: body });
const merge = (api: Api, projectId: string, intoProjectId: string, afterwards = "keep") =>
  api("POST", `/api/projects/${projectId}/merge`, { json: { intoProjectId, afterwards } });
const transfer = (api: Api, projectId: string, body: Json) =>
  api("POST", `/api/projects/${projectId}/documents/transfer`, { json: body });
const purge = (api: Api, documentId: string) => api("POST", `/api/trash/documents/${documentId}/purge`);

/** A source with instructions, memory, folders (one empty), documents, one in the trash, and a chat. */
async function richProject(api: Api, name = `Thesis ${crypto.randomUUID().slice(0, 6)}`) {
  const id = await newProject(api, name);
  await json(await api("PATCH", `/api/projects/${id}`, { json: { instructions: "Cite every source." } }), 200);
  const approved = await note(api, id, "We use metric units.");
  const trashedNote = await note(api, id, "Gone soon.");
  expect((await api("DELETE", `/api/projects/${id}/notes/${trashedNote.id}`)).status).toBe(204);
  const db = await getDb();
  const { userId } = await db.project.findUniqueOrThrow({ where: { id }, select: { userId: true } });
  await db.projectNote.create({
    data: { projectId: id, userId, text: "Not yet approved.", state: "proposed", origin: "agent", reason: "maybe" },
  });
  const chapters = await folder(api, id, "Chapters");
  await folder(api, id, "Drafts", chapters.id);
  await folder(api, id, "Empty");
  const intro = await uploadAt(api, id, "Chapters/Drafts/intro.txt", "The introduction mentions quokkas.");
  const readme = await uploadDocument(api, id, "readme.md", "# Read me\n\nAbout wombats.");
  const old = await uploadDocument(api, id, "old.txt", "An old draft.");
  await trashDocument(api, id, old.id);
  const thread = await chat(api, id, "Chapter one");
  return { id, name, approved, intro, readme, old, thread, userId };
}

describe("fork", () => {
  it("copies instructions, approved notes with where they came from, the folder tree and live documents; no chats, no trash", async () => {
    const { api } = await signUp();
    const source = await richProject(api);
    const forked = (await json(await fork(api, source.id), 201)).project;
    expect(forked).toMatchObject({
      name: `${source.name} (2)`,
      instructions: "Cite every source.",
      status: "active",
      forkedFromId: source.id,
      threadCount: 0,
      documentCount: 2,
    });
    expect(await folders(api, forked.id)).toEqual(await folders(api, source.id));
    expect(await folders(api, forked.id)).toEqual(["Chapters", "Chapters/Drafts", "Empty"]);
    expect(await shelf(api, forked.id)).toEqual(["Chapters/Drafts/intro.txt", "readme.md"]);
    const memory = await notes(api, forked.id);
    expect(memory).toEqual([
      expect.objectContaining({
        text: "We use metric units.",
        state: "approved",
        origin: "user",
        forkedFrom: { projectId: source.id, projectName: source.name },
      }),
    ]);
    expect((await notes(api, source.id)).find((n) => n.id === source.approved.id)!.forkedFrom).toBeNull();

    // The copies read the same bytes, from the same stored file: nothing was copied on disk.
    const { documents } = await json(await api("GET", `/api/projects/${forked.id}/documents`), 200);
    const copy = documents.find((d: Json) => d.name === "intro.txt");
    expect(copy.id).not.toBe(source.intro.id);
    expect(copy.sha256).toBe(source.intro.sha256);
    expect(await (await content(api, forked.id, copy.id)).text()).toBe("The introduction mentions quokkas.");
    expect((await storedPaths(copy.id)).original).toBe((await storedPaths(source.intro.id)).original);
    // Its search text is made for it.
    await searchIndexingSettled();
    expect(await search(api, forked.id, "quokkas")).toEqual(["intro.txt"]);
    // The source is untouched.
    expect(await project(api, source.id)).toMatchObject({ threadCount: 1, documentCount: 2, forkedFromId: null });
  });

  it("takes a name, refuses a taken one, forks an archived project as an active one, and 404s a foreign one", async () => {
    const { api } = await signUp();
    const other = await signUp();
    const source = await newProject(api, "Client A");
    expect((await json(await fork(api, source, { name: "  Client B  " }), 201)).project.name).toBe("Client B");
    expect((await fork(api, source, { name: "client b" })).status).toBe(422);
    await json(await api("POST", `/api/projects/${source}/archive`), 200);
    expect((await json(await fork(api, source), 201)).project).toMatchObject({
      name: "Client A (2)",
      status: "active",
    });
    expect((await fork(other.api, source)).status).toBe(404);
    expect((await fork(api, crypto.randomUUID())).status).toBe(404);
  });

  it("is independent: edits stay on their side, and purging one side's document never takes the other's bytes", async () => {
    const { api } = await signUp();
    const source = await richProject(api);
    const forked = (await json(await fork(api, source.id, { name: "Paper" }), 201)).project;
    const { documents } = await json(await api("GET", `/api/projects/${forked.id}/documents`), 200);
    const copy = documents.find((d: Json) => d.name === "readme.md");
    const file = (await storedPaths(copy.id)).original;

    await json(await api("PATCH", `/api/projects/${forked.id}`, { json: { instructions: "Be brief." } }), 200);
    const forkFolders = (await json(await api("GET", `/api/projects/${forked.id}/folders`), 200)).folders;
    await json(
      await api("PATCH", `/api/projects/${forked.id}/folders/${forkFolders[0].id}`, { json: { name: "Sections" } }),
      200,
    );
    expect((await project(api, source.id)).instructions).toBe("Cite every source.");
    expect(await folders(api, source.id)).toEqual(["Chapters", "Chapters/Drafts", "Empty"]);

    // The source's row goes for good: the fork's copy still reads its bytes.
    await trashDocument(api, source.id, source.readme.id);
    expect((await purge(api, source.readme.id)).status).toBe(204);
    expect(await pathExists(file)).toBe(true);
    expect(await (await content(api, forked.id, copy.id)).text()).toContain("About wombats.");
    // Then the last row naming them goes, and the bytes with it.
    await trashDocument(api, forked.id, copy.id);
    expect((await purge(api, copy.id)).status).toBe(204);
    expect(await pathExists(file)).toBe(false);

    // Emptying the trash takes the same care: the source's intro is purged, the fork's stays readable.
    const forkIntro = (await json(await api("GET", `/api/projects/${forked.id}/documents`), 200)).documents.find(
      (d: Json) => d.name === "intro.txt",
    );
    await trashDocument(api, source.id, source.intro.id);
    await json(await api("POST", "/api/trash/purge"), 200);
    expect(await (await content(api, forked.id, forkIntro.id)).text()).toContain("quokkas");
  });

  it("a trashed copy restored where its twin lives is merged without taking the twin's shared bytes", async () => {
    const { api } = await signUp();
    const source = await richProject(api);
    const forked = (await json(await fork(api, source.id), 201)).project;
    const copy = (await json(await api("GET", `/api/projects/${forked.id}/documents`), 200)).documents.find(
      (d: Json) => d.name === "readme.md",
    );
    await trashDocument(api, forked.id, copy.id);
    const restored = await json(
      await api("POST", `/api/trash/documents/${copy.id}/restore`, { json: { projectId: source.id } }),
      200,
    );
    expect(restored.outcome).toBe("merged");
    expect(await (await content(api, source.id, source.readme.id)).text()).toContain("About wombats.");
  });
});

describe("merge", () => {
  it("lands documents under the same folder paths, keeps identical content once, numbers taken names, and moves notes and chats", async () => {
    const { api } = await signUp();
    const source = await newProject(api, "Client One");
    const target = await newProject(api, "Client Two");
    await uploadAt(api, source, "Notes/y.txt", "source y");
    await uploadAt(api, source, "Notes/dup.txt", "same bytes");
    await uploadAt(api, source, "Notes/elsewhere.txt", "target root bytes");
    await uploadDocument(api, source, "z.txt", "only in source: quokkas");
    await folder(api, source, "Empty");
    await uploadAt(api, target, "notes/y.txt", "target y");
    const twin = await uploadAt(api, target, "notes/dup-in-target.txt", "same bytes");
    await uploadDocument(api, target, "root.txt", "target root bytes");
    await note(api, source, "Use metric units.");
    await note(api, source, "Invoices are due in 30 days.");
    await note(api, target, "use  METRIC units.");
    const chats = [await chat(api, source, "one"), await chat(api, source, "two")];
    await searchIndexingSettled();

    const report = await json(await merge(api, source, target), 200);
    expect(report.project).toMatchObject({ id: target, documentCount: 6, threadCount: 2 });
    expect(report.documents.moved).toBe(3);
    expect(report.documents.kept).toEqual([
      { name: "dup.txt", existing: expect.objectContaining({ id: twin.id, name: "dup-in-target.txt" }) },
    ]);
    expect(report.documents.renamed).toEqual([{ from: "y.txt", to: "y (2).txt", folderPath: "notes" }]);
    expect(report.notes).toEqual({ moved: 1, kept: 1 });
    expect(report.threads).toEqual({ moved: 2 });

    // Identical content in another folder is not "the same folder": elsewhere.txt moved beside root.txt's twin.
    expect(await shelf(api, target)).toEqual([
      "notes/dup-in-target.txt",
      "notes/elsewhere.txt",
      "notes/y (2).txt",
      "notes/y.txt",
      "root.txt",
      "z.txt",
    ]);
    expect(await folders(api, target)).toEqual(["Empty", "notes"]);
    expect((await notes(api, target)).map((n) => n.text).sort()).toEqual([
      "Invoices are due in 30 days.",
      "use  METRIC units.",
    ]);
    for (const thread of chats)
      expect((await json(await api("GET", `/api/threads/${thread.id}`), 200)).thread.projectId).toBe(target);
    // Search follows the moved documents.
    expect(await search(api, target, "quokka")).toEqual(["z.txt"]);
    expect(await search(api, source, "quokka")).toEqual([]);
    // Kept: the source stays, empty of documents, notes and chats.
    expect(await project(api, source)).toMatchObject({ status: "active", documentCount: 0, threadCount: 0 });
    expect(await notes(api, source)).toEqual([]);
  });

  it("appends the source's instructions under a heading when they differ, and refuses past the cap before anything moves", async () => {
    const { api } = await signUp();
    const source = await newProject(api, "Src");
    const target = await newProject(api, "Dst");
    await api("PATCH", `/api/projects/${source}`, { json: { instructions: "Answer in French." } });
    await api("PATCH", `/api/projects/${target}`, { json: { instructions: "Be brief." } });
    await json(await merge(api, source, target), 200);
    expect((await project(api, target)).instructions).toBe("Be brief.\n\n## Src\n\nAnswer in French.");

    // The same instructions again add nothing.
    const again = await newProject(api, "Again");
    await api("PATCH", `/api/projects/${again}`, { json: { instructions: "Answer in French." } });
    await json(await merge(api, again, target), 200);
    expect((await project(api, target)).instructions).toBe("Be brief.\n\n## Src\n\nAnswer in French.");

    const max = config().instructionsMaxBytes;
    const big = await newProject(api, "Big");
    const full = await newProject(api, "Full");
    await json(await api("PATCH", `/api/projects/${big}`, { json: { instructions: "a".repeat(max / 2) } }), 200);
    await json(await api("PATCH", `/api/projects/${full}`, { json: { instructions: "b".repeat(max / 2) } }), 200);
    await uploadDocument(api, big, "stays.txt", "stays");
    await chat(api, big, "stays too");
    const refused = await merge(api, big, full, "delete");
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.details).toEqual([expect.objectContaining({ path: "instructions" })]);
    expect(await project(api, big)).toMatchObject({ documentCount: 1, threadCount: 1, status: "active" });
    expect(await project(api, full)).toMatchObject({ documentCount: 0, threadCount: 0 });
  });

  it("afterwards archives or deletes the source; the deleted source's trash stays restorable", async () => {
    const { api } = await signUp();
    const target = await newProject(api);
    const archived = await newProject(api);
    await uploadDocument(api, archived, "a.txt", "a");
    await json(await merge(api, archived, target, "archive"), 200);
    expect(await project(api, archived)).toMatchObject({ status: "archived", documentCount: 0 });

    const deleted = await newProject(api, "Deleted");
    await uploadDocument(api, deleted, "b.txt", "b");
    const trashed = await uploadDocument(api, deleted, "trashed.txt", "in the trash");
    await trashDocument(api, deleted, trashed.id);
    await json(await merge(api, deleted, target, "delete"), 200);
    expect((await api("GET", `/api/projects/${deleted}`)).status).toBe(404);
    expect(await shelf(api, target)).toEqual(["a.txt", "b.txt"]);
    const trash = await json(await api("GET", "/api/trash/documents"), 200);
    expect(trash.documents.map((d: Json) => d.name)).toEqual(["trashed.txt"]);
  });

  it("a scoped chat keeps its scope on the same folders and documents in the target", async () => {
    const { api } = await signUp();
    const source = await newProject(api);
    const target = await newProject(api);
    const kept = await uploadAt(api, source, "Scope/kept.txt", "identical");
    const moved = await uploadDocument(api, source, "moved.txt", "moved");
    await uploadAt(api, target, "scope/twin.txt", "identical");
    const scopeFolder = (await json(await api("GET", `/api/projects/${source}/folders`), 200)).folders[0];
    const thread = await chat(api, source, "scoped");
    await json(
      await api("PATCH", `/api/threads/${thread.id}`, {
        json: { scope: { folderIds: [scopeFolder.id], documentIds: [kept.id, moved.id] } },
      }),
      200,
    );
    await json(await merge(api, source, target), 200);
    const { thread: after } = await json(await api("GET", `/api/threads/${thread.id}`), 200);
    const targetFolder = (await json(await api("GET", `/api/projects/${target}/folders`), 200)).folders[0];
    const twin = (await json(await api("GET", `/api/projects/${target}/documents`), 200)).documents.find(
      (d: Json) => d.name === "twin.txt",
    );
    expect(after.scope).toEqual({ folderIds: [targetFolder.id], documentIds: [twin.id, moved.id] });
  });

  it("404s a foreign, archived or missing target and an archived source; a project into itself is a 422", async () => {
    const { api } = await signUp();
    const other = await signUp();
    const source = await newProject(api);
    await uploadDocument(api, source, "stays.txt", "stays");
    const archivedTarget = await newProject(api);
    await api("POST", `/api/projects/${archivedTarget}/archive`);
    const foreign = await newProject(other.api);
    for (const into of [foreign, archivedTarget, crypto.randomUUID()])
      expect((await merge(api, source, into)).status).toBe(404);
    expect((await merge(api, source, source)).status).toBe(422);
    expect((await merge(other.api, source, foreign)).status).toBe(404);
    const archivedSource = await newProject(api);
    await api("POST", `/api/projects/${archivedSource}/archive`);
    expect((await merge(api, archivedSource, source)).status).toBe(404);
    expect((await project(api, source)).documentCount).toBe(1);
    expect((await api("POST", `/api/projects/${source}/merge`, { json: { intoProjectId: foreign } })).status).toBe(422);
  });
});

describe("transfer", () => {
  it("copies documents and a folder with its subfolders into a target folder, deduplicating and numbering; bytes are shared", async () => {
    const { api } = await signUp();
    const source = await newProject(api);
    const target = await newProject(api);
    const reports = await folder(api, source, "Reports");
    await folder(api, source, "Empty", reports.id);
    await uploadAt(api, source, "Reports/2026/q1.txt", "first quarter");
    await uploadAt(api, source, "Reports/summary.txt", "the summary");
    const loose = await uploadDocument(api, source, "plan.txt", "the plan about capybaras");
    const inbox = await folder(api, target, "Inbox");
    await uploadAt(api, target, "Inbox/plan.txt", "another plan");
    await uploadAt(api, target, "Inbox/Reports/summary-old.txt", "the summary");

    const result = await json(
      await transfer(api, source, {
        documentIds: [loose.id],
        folderIds: [reports.id],
        toProjectId: target,
        toFolderId: inbox.id,
        mode: "copy",
      }),
      200,
    );
    expect(result.created.map((d: Json) => `${d.folderPath}/${d.name}`).sort()).toEqual([
      "Inbox/Reports/2026/q1.txt",
      "Inbox/plan (2).txt",
    ]);
    expect(result.duplicates).toEqual([
      { name: "summary.txt", existing: expect.objectContaining({ name: "summary-old.txt" }) },
    ]);
    expect(result.renamed).toEqual([{ from: "plan.txt", to: "plan (2).txt", folderPath: "Inbox" }]);
    expect(await folders(api, target)).toEqual(["Inbox", "Inbox/Reports", "Inbox/Reports/2026", "Inbox/Reports/Empty"]);
    // The source is as it was; the copy shares the original's stored file.
    expect(await shelf(api, source)).toEqual(["Reports/2026/q1.txt", "Reports/summary.txt", "plan.txt"]);
    const copy = result.created.find((d: Json) => d.name === "plan (2).txt");
    expect((await storedPaths(copy.id)).original).toBe((await storedPaths(loose.id)).original);
    expect(await (await content(api, target, copy.id)).text()).toBe("the plan about capybaras");
    await searchIndexingSettled();
    expect(await search(api, target, "capybaras")).toEqual(["plan (2).txt"]);
    expect((await project(api, target)).documentCount).toBe(4);
  });

  it("moves a folder with everything in it: same rows in the target, gone from the source, search follows", async () => {
    const { api } = await signUp();
    const source = await newProject(api);
    const target = await newProject(api);
    const archive = await folder(api, source, "Archive");
    await folder(api, source, "Old", archive.id);
    const letter = await uploadAt(api, source, "Archive/Old/letter.txt", "a letter about pangolins");
    await uploadDocument(api, source, "stays.txt", "stays");
    await searchIndexingSettled();

    const result = await json(
      await transfer(api, source, { folderIds: [archive.id], toProjectId: target, mode: "move" }),
      200,
    );
    expect(result.created).toEqual([
      expect.objectContaining({
        id: letter.id,
        projectId: target,
        folderPath: "Archive/Old",
        updatedAt: letter.updatedAt,
      }),
    ]);
    expect(await folders(api, source)).toEqual([]);
    expect(await shelf(api, source)).toEqual(["stays.txt"]);
    expect(await folders(api, target)).toEqual(["Archive", "Archive/Old"]);
    expect(await search(api, target, "pangolins")).toEqual(["letter.txt"]);
    expect(await search(api, source, "pangolins")).toEqual([]);
    expect((await content(api, source, letter.id)).status).toBe(404);
    expect(await (await content(api, target, letter.id)).text()).toBe("a letter about pangolins");
    expect((await project(api, source)).documentCount).toBe(1);
    expect((await project(api, target)).documentCount).toBe(1);
  });

  it("a moved duplicate leaves the source and keeps the target's row; its own bytes go unless shared", async () => {
    const { api } = await signUp();
    const source = await newProject(api);
    const target = await newProject(api);
    const dup = await uploadDocument(api, source, "dup.txt", "twin bytes");
    const twin = await uploadDocument(api, target, "twin.txt", "twin bytes");
    const file = (await storedPaths(dup.id)).original;
    const result = await json(
      await transfer(api, source, { documentIds: [dup.id], toProjectId: target, mode: "move" }),
      200,
    );
    expect(result).toEqual({
      created: [],
      duplicates: [{ name: "dup.txt", existing: expect.objectContaining({ id: twin.id }) }],
      renamed: [],
    });
    expect(await shelf(api, source)).toEqual([]);
    expect(await pathExists(file)).toBe(false);
    expect(await (await content(api, target, twin.id)).text()).toBe("twin bytes");
  });

  it("404s foreign and archived targets, foreign folders and documents no longer live; a move needs an active source", async () => {
    const { api } = await signUp();
    const other = await signUp();
    const source = await newProject(api);
    const target = await newProject(api);
    const doc = await uploadDocument(api, source, "doc.txt", "doc");
    const trashed = await uploadDocument(api, source, "trashed.txt", "trashed");
    await trashDocument(api, source, trashed.id);
    const foreign = await newProject(other.api);
    const archived = await newProject(api);
    await api("POST", `/api/projects/${archived}/archive`);
    const foreignFolder = await folder(api, source, "Mine");
    const move = (body: Json) => transfer(api, source, { documentIds: [doc.id], mode: "move", ...body });
    expect((await move({ toProjectId: foreign })).status).toBe(404);
    expect((await move({ toProjectId: archived })).status).toBe(404);
    expect((await move({ toProjectId: target, toFolderId: foreignFolder.id })).status).toBe(404);
    expect(
      (await transfer(api, source, { documentIds: [doc.id, trashed.id], toProjectId: target, mode: "move" })).status,
    ).toBe(404);
    expect(
      (await transfer(other.api, source, { documentIds: [doc.id], toProjectId: foreign, mode: "copy" })).status,
    ).toBe(404);
    expect((await move({ toProjectId: source })).status).toBe(422);
    expect((await transfer(api, source, { toProjectId: target, mode: "copy" })).status).toBe(422);
    expect(await shelf(api, source)).toEqual(["doc.txt"]);
    expect(await shelf(api, target)).toEqual([]);

    // An archived source can be copied from, not moved out of.
    await api("POST", `/api/projects/${source}/archive`);
    expect((await move({ toProjectId: target })).status).toBe(404);
    expect((await transfer(api, source, { documentIds: [doc.id], toProjectId: target, mode: "copy" })).status).toBe(
      200,
    );
  });

  it("refuses a folder that would nest past 8 levels in the target", async () => {
    const { api } = await signUp();
    const source = await newProject(api);
    const target = await newProject(api);
    let parent: string | null = null;
    for (const name of ["1", "2", "3", "4", "5", "6", "7"]) parent = (await folder(api, target, name, parent)).id;
    const deep = await folder(api, source, "a");
    await folder(api, source, "b", deep.id);
    const refused = await transfer(api, source, {
      folderIds: [deep.id],
      toProjectId: target,
      toFolderId: parent,
      mode: "copy",
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.details).toEqual([expect.objectContaining({ path: "toFolderId" })]);
  });
});
