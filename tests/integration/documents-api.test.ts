import path from "node:path";
import { mkdir, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import type { DocumentDto } from "@/lib/documents/document-dto";
import { projectDocumentsDir, projectsRoot, projectStagingDir, threadFilesDir } from "@/lib/storage/layout";
import { getDb } from "@/lib/db/client";
import { signUp, type Api } from "../support/route-client";
import { newProject } from "../support/shelf-fixtures";
import { json } from "../support/fixtures";

// The document shelf through the real route handlers: upload → list → content → trash,
// dedup, the size and name rules, archived projects, owner scoping, missing content.

interface Body {
  document: DocumentDto;
  deduplicated: boolean;
  documents: DocumentDto[];
  total: number;
  nextOffset: number | null;
  project: { id: string; documentCount: number };
  trashedDocuments: number;
  error: { code: string; message: string; details?: { path: string; message: string; reason?: string }[] };
}
const fixture = (name: string) => readFile(path.join(__dirname, "../fixtures/thread-files", name));

function form(files: [string, BlobPart, string?][], name?: string): FormData {
  const body = new FormData();
  for (const [fileName, content, type] of files)
    body.append("file", new File([content], fileName, { type: type ?? "application/octet-stream" }));
  if (name !== undefined) body.append("name", name);
  return body;
}

function upload(api: Api, projectId: string, files: [string, BlobPart, string?][], name?: string) {
  return api("POST", `/api/projects/${projectId}/documents`, { body: form(files, name) });
}

afterEach(() => {
  delete process.env.UPLOAD_MAX_BYTES;
  delete process.env.AUTO_CONVERT_DOCUMENTS;
  resetConfigForTests();
});

describe("project documents", () => {
  it("uploads, lists, serves, trashes, and a re-upload makes a new row", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);

    const created = await upload(user.api, projectId, [["notes.txt", "hello shelf", "text/plain"]]);
    expect(created.status).toBe(201);
    const { document, deduplicated } = await json<Body>(created);
    expect(deduplicated).toBe(false);
    expect(document).toMatchObject({
      projectId,
      name: "notes.txt",
      sizeBytes: 11,
      sourceThreadId: null,
      sourceKind: null,
      sourceName: null,
      contentMissing: false,
    });
    expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(document).sort()).toEqual([
      "contentMissing",
      "createdAt",
      "folderId",
      "folderPath",
      "id",
      "name",
      "projectId",
      "sha256",
      "sizeBytes",
      "sourceKind",
      "sourceName",
      "sourceThreadId",
      "updatedAt",
    ]);

    // Layout: {sha[:2]}/{sha}/{documentId}/original/{name}; staging left empty.
    const stored = path.join(
      projectDocumentsDir({ userId: user.id, projectId }),
      document.sha256.slice(0, 2),
      document.sha256,
      document.id,
      "original",
      "notes.txt",
    );
    expect(await readFile(stored, "utf8")).toBe("hello shelf");
    expect(await readdir(projectStagingDir({ userId: user.id, projectId }))).toEqual([]);
    const row = await (await getDb()).projectDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(path.join(projectsRoot(user.id), row.storedRelpath)).toBe(stored);

    const list = await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`));
    expect(list).toEqual({ documents: [document], total: 1, nextOffset: null, nextCursor: null });
    expect((await json<Body>(await user.api("GET", `/api/projects/${projectId}`))).project.documentCount).toBe(1);

    const content = await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get("content-disposition")).toMatch(/^inline/);
    expect(content.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await content.text()).toBe("hello shelf");
    const download = await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content?download=true`);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
    await download.body?.cancel();
    const markdown = await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content?as=markdown`);
    expect(await markdown.text()).toBe("hello shelf");

    expect((await user.api("DELETE", `/api/projects/${projectId}/documents/${document.id}`)).status).toBe(204);
    expect(await readFile(stored, "utf8")).toBe("hello shelf"); // nothing touched on disk
    expect((await user.api("DELETE", `/api/projects/${projectId}/documents/${document.id}`)).status).toBe(404);
    expect((await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`)).status).toBe(404);
    expect(await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`))).toEqual({
      documents: [],
      total: 0,
      nextOffset: null,
      nextCursor: null,
    });
    const trashed = await (await getDb()).projectDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(trashed.trashedAt).not.toBeNull();
    expect(trashed.trashOrigin).toMatchObject({ projectId });

    const again = await upload(user.api, projectId, [["notes.txt", "hello shelf", "text/plain"]]);
    expect(again.status).toBe(201);
    const second = (await json<Body>(again)).document;
    expect(second.id).not.toBe(document.id);
    expect(second.sha256).toBe(document.sha256);
  });

  it("deduplicates by content: 200 with the existing row, whose name wins", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const first = await json<Body>(await upload(user.api, projectId, [["a.txt", "same bytes"]]));
    const hit = await upload(user.api, projectId, [["b.txt", "same bytes"]]);
    expect(hit.status).toBe(200);
    const body = await json<Body>(hit);
    expect(body.deduplicated).toBe(true);
    expect(body.document).toEqual(first.document);
    expect((await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`))).total).toBe(1);
    expect(await readdir(projectStagingDir({ userId: user.id, projectId }))).toEqual([]);
    // Another project has its own shelf.
    const other = await newProject(user.api);
    expect((await upload(user.api, other, [["b.txt", "same bytes"]])).status).toBe(201);
  });

  it("takes the name field over the file name, and applies the name rules (422)", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const named = await json<Body>(await upload(user.api, projectId, [["raw.bin", "abc"]], "  Quarterly report.txt "));
    expect(named.document.name).toBe("Quarterly report.txt");

    const maxName = `${"é".repeat(125)}12345`; // 255 UTF-8 bytes
    expect((await upload(user.api, projectId, [["x", "255 bytes"]], maxName)).status).toBe(201);
    const tooLong = await upload(user.api, projectId, [["x", "256 bytes"]], `${maxName}6`);
    expect(tooLong.status).toBe(422);
    expect((await json<Body>(tooLong)).error.details?.[0]?.path).toBe("name");
    expect((await upload(user.api, projectId, [["x", "sep"]], "a/b.txt")).status).toBe(422);
    expect((await upload(user.api, projectId, [["..", "dots"]])).status).toBe(422);
    expect(await readdir(projectStagingDir({ userId: user.id, projectId }))).toEqual([]);
  });

  it("refuses no file, two files, an empty file (400) and an oversized one (413)", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const empty = new FormData();
    empty.append("name", "x.txt");
    expect((await user.api("POST", `/api/projects/${projectId}/documents`, { body: empty })).status).toBe(400);
    expect(
      (
        await upload(user.api, projectId, [
          ["a.txt", "a"],
          ["b.txt", "b"],
        ])
      ).status,
    ).toBe(400);
    expect((await upload(user.api, projectId, [["e.txt", ""]])).status).toBe(400);
    expect((await user.api("POST", `/api/projects/${projectId}/documents`, { json: { file: "x" } })).status).toBe(400);

    process.env.UPLOAD_MAX_BYTES = "10";
    resetConfigForTests();
    const big = await upload(user.api, projectId, [["big.txt", "x".repeat(11)]]);
    expect(big.status).toBe(413);
    expect((await json<Body>(big)).error.code).toBe("payload_too_large");
    expect((await upload(user.api, projectId, [["ok.txt", "x".repeat(10)]])).status).toBe(201);
    // A refused body may still be draining when the 413 goes out; its staged file goes after.
    await expect.poll(() => readdir(projectStagingDir({ userId: user.id, projectId }))).toEqual([]);
    expect((await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`))).total).toBe(1);
  });

  it("pages the list in updatedAt DESC, id ASC order and validates paging (422)", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await json<Body>(await upload(user.api, projectId, [[`d${i}.txt`, `doc ${i}`]]))).document.id);
    const page1 = await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents?limit=2`));
    expect(page1.total).toBe(5);
    expect(page1.nextOffset).toBe(2);
    const page3 = await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents?limit=2&offset=4`));
    expect(page3.nextOffset).toBeNull();
    const all = await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents?limit=1000`));
    expect(all.documents.map((d) => d.id)).toEqual([...ids].reverse());
    expect([...page1.documents, ...page3.documents].map((d) => d.id)).toEqual([ids[4], ids[3], ids[0]]);
    expect((await user.api("GET", `/api/projects/${projectId}/documents?limit=0`)).status).toBe(422);
    expect((await user.api("GET", `/api/projects/${projectId}/documents?limit=1001`)).status).toBe(422);
    expect((await user.api("GET", `/api/projects/${projectId}/documents?offset=-1`)).status).toBe(422);
  });

  it("serves converted markdown and the right dispositions; binaries have no text form", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const docx = (await json<Body>(await upload(user.api, projectId, [["hello.docx", await fixture("hello.docx")]])))
      .document;
    const md = await user.api("GET", `/api/projects/${projectId}/documents/${docx.id}/content?as=markdown`);
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
    const text = await md.text();
    expect(text.length).toBeGreaterThan(0);
    const folder = path.join(
      projectDocumentsDir({ userId: user.id, projectId }),
      docx.sha256.slice(0, 2),
      docx.sha256,
      docx.id,
    );
    expect(await readFile(path.join(folder, "derived", "converted.md"), "utf8")).toBe(text);

    const html = (await json<Body>(await upload(user.api, projectId, [["page.html", "<script>alert(1)</script>"]])))
      .document;
    const served = await user.api("GET", `/api/projects/${projectId}/documents/${html.id}/content`);
    expect(served.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    await served.body?.cancel();

    const pdf = (await json<Body>(await upload(user.api, projectId, [["hello.pdf", await fixture("hello.pdf")]])))
      .document;
    const pdfServed = await user.api("GET", `/api/projects/${projectId}/documents/${pdf.id}/content`);
    expect(pdfServed.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(pdfServed.headers.get("content-disposition")).toMatch(/^inline/);
    await pdfServed.body?.cancel();

    const binary = (
      await json<Body>(await upload(user.api, projectId, [["blob.bin", new Uint8Array([0, 1, 2, 3, 0, 255])]]))
    ).document;
    const noText = await user.api("GET", `/api/projects/${projectId}/documents/${binary.id}/content?as=markdown`);
    expect(noText.status).toBe(422);
    const noTextError = (await json<Body>(noText)).error;
    expect(noTextError).toMatchObject({ code: "validation_failed", details: [{ path: "as", reason: "no_text_form" }] });
    expect(noTextError.details?.[0]?.message).toMatch(/binary file with no text form/);

    process.env.AUTO_CONVERT_DOCUMENTS = "false";
    resetConfigForTests();
    const xdocx = (
      await json<Body>(
        await upload(user.api, projectId, [
          ["other.docx", Buffer.concat([await fixture("hello.docx"), Buffer.from([0])])],
        ]),
      )
    ).document;
    const disabled = await user.api("GET", `/api/projects/${projectId}/documents/${xdocx.id}/content?as=markdown`);
    expect(disabled.status).toBe(422);
    const disabledError = (await json<Body>(disabled)).error;
    expect(disabledError).toMatchObject({
      code: "validation_failed",
      details: [{ path: "as", reason: "conversion_disabled" }],
    });
    expect(disabledError.message).toMatch(/conversion is turned off/);
  });

  it("answers 409 when the stored file is gone or resized, and the listing reports what reads found", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const { document } = await json<Body>(await upload(user.api, projectId, [["gone.txt", "soon gone"]]));
    const row = await (await getDb()).projectDocument.findUniqueOrThrow({ where: { id: document.id } });
    const goneFile = path.join(projectsRoot(user.id), row.storedRelpath);
    await unlink(goneFile);
    const res = await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`);
    expect(res.status).toBe(409);
    expect((await json<Body>(res)).error.code).toBe("content_missing");
    // The listing never stats files: it reports the flag the failed read recorded on the row.
    const list = await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`));
    expect(list.documents[0]?.contentMissing).toBe(true);
    const markdown = await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content?as=markdown`);
    expect(markdown.status).toBe(409);
    expect((await json<Body>(markdown)).error.code).toBe("content_missing");
    // Put back, the next read finds it and the flag is cleared, without touching the order.
    await writeFile(goneFile, "soon gone");
    expect((await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`)).status).toBe(200);
    const back = await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`));
    expect(back.documents[0]).toMatchObject({ id: document.id, contentMissing: false, updatedAt: document.updatedAt });

    // Resized in place: present, but not the recorded size.
    const { document: resized } = await json<Body>(
      await upload(user.api, projectId, [["resized.txt", "original words"]]),
    );
    const resizedRow = await (await getDb()).projectDocument.findUniqueOrThrow({ where: { id: resized.id } });
    await writeFile(path.join(projectsRoot(user.id), resizedRow.storedRelpath), "different and longer words");
    for (const query of ["", "?as=markdown"]) {
      const res = await user.api("GET", `/api/projects/${projectId}/documents/${resized.id}/content${query}`);
      expect([query, res.status]).toEqual([query, 409]);
      const body = await res.text();
      expect(body).toContain("content_missing");
      expect(body).not.toContain("words");
    }
    const resizedList = await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`));
    expect(resizedList.documents.find((d) => d.id === resized.id)?.contentMissing).toBe(true);

    // A cached conversion survives the original's deletion; it must not be served.
    const { document: docx } = await json<Body>(
      await upload(user.api, projectId, [["cached.docx", await fixture("hello.docx")]]),
    );
    expect((await user.api("GET", `/api/projects/${projectId}/documents/${docx.id}/content?as=markdown`)).status).toBe(
      200,
    );
    const docxRow = await (await getDb()).projectDocument.findUniqueOrThrow({ where: { id: docx.id } });
    const docxOriginal = path.join(projectsRoot(user.id), docxRow.storedRelpath);
    await unlink(docxOriginal);
    expect(
      await readFile(path.join(path.dirname(path.dirname(docxOriginal)), "derived", "converted.md"), "utf8"),
    ).not.toBe("");
    const cached = await user.api("GET", `/api/projects/${projectId}/documents/${docx.id}/content?as=markdown`);
    expect(cached.status).toBe(409);
    expect((await json<Body>(cached)).error.code).toBe("content_missing");
  });

  it("archived projects: list and content work, upload and delete are 404", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const { document } = await json<Body>(await upload(user.api, projectId, [["keep.txt", "kept"]]));
    expect((await user.api("POST", `/api/projects/${projectId}/archive`)).status).toBe(200);
    expect((await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`))).total).toBe(1);
    const content = await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`);
    expect(content.status).toBe(200);
    expect(await content.text()).toBe("kept");
    expect((await upload(user.api, projectId, [["new.txt", "new"]])).status).toBe(404);
    expect((await user.api("DELETE", `/api/projects/${projectId}/documents/${document.id}`)).status).toBe(404);
    expect((await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`))).total).toBe(1);
  });

  it("a foreign user gets the same 404 body as for a missing project on every route", async () => {
    const owner = await signUp("Owner");
    const stranger = await signUp("Stranger");
    const projectId = await newProject(owner.api);
    const { document } = await json<Body>(await upload(owner.api, projectId, [["secret.txt", "secret"]]));
    const missing = crypto.randomUUID();
    const calls: [string, (p: string, d: string) => string, boolean?][] = [
      ["GET", (p) => `/api/projects/${p}/documents`],
      ["POST", (p) => `/api/projects/${p}/documents`, true],
      ["GET", (p, d) => `/api/projects/${p}/documents/${d}/content`],
      ["GET", (p, d) => `/api/projects/${p}/documents/${d}/content?as=markdown`],
      ["DELETE", (p, d) => `/api/projects/${p}/documents/${d}`],
    ];
    for (const [method, route, withBody] of calls) {
      const body = () => (withBody ? { body: form([["x.txt", "x"]]) } : {});
      const foreign = await stranger.api(method, route(projectId, document.id), body());
      const absent = await stranger.api(method, route(missing, missing), body());
      expect([method, foreign.status]).toEqual([method, 404]);
      expect(await foreign.text()).toBe(await absent.text());
    }
    // The owner's document id under the stranger's own project is not found either.
    const own = await newProject(stranger.api);
    expect((await stranger.api("GET", `/api/projects/${own}/documents/${document.id}/content`)).status).toBe(404);
    expect((await stranger.api("DELETE", `/api/projects/${own}/documents/${document.id}`)).status).toBe(404);
    // The owner's shelf is untouched.
    expect(
      (await json<Body>(await owner.api("GET", `/api/projects/${projectId}/documents`))).documents.map((d) => d.id),
    ).toEqual([document.id]);
  });

  it("saves a thread file to the shelf with its provenance, leaving the source untouched", async () => {
    const user = await signUp();
    const stranger = await signUp("Stranger");
    const projectId = await newProject(user.api);
    const { thread } = (await (await user.api("POST", "/api/threads", { json: {} })).json()) as {
      thread: { id: string };
    };
    const files = new FormData();
    files.append("files", new File(["from the chat"], "chat notes.txt"));
    expect((await user.api("POST", `/api/threads/${thread.id}/uploads`, { body: files })).status).toBe(201);

    const save = (who: Api, json: unknown, project = projectId) =>
      who("POST", `/api/projects/${project}/documents/from-thread`, { json });
    const saved = await save(user.api, {
      threadId: thread.id,
      kind: "upload",
      name: "chat notes.txt",
      shelfName: "Notes.txt",
    });
    expect(saved.status).toBe(201);
    const { document } = await json<Body>(saved);
    expect(document).toMatchObject({
      name: "Notes.txt",
      sizeBytes: 13,
      sourceThreadId: thread.id,
      sourceKind: "upload",
      sourceName: "chat notes.txt",
    });
    expect(await (await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`)).text()).toBe(
      "from the chat",
    );
    expect(await (await user.api("GET", `/api/threads/${thread.id}/artifacts/uploads/chat%20notes.txt`)).text()).toBe(
      "from the chat",
    );

    const again = await save(user.api, { threadId: thread.id, kind: "upload", name: "chat notes.txt" });
    expect(again.status).toBe(200);
    expect((await json<Body>(again)).document.id).toBe(document.id);

    expect(
      (await save(user.api, { threadId: thread.id, kind: "upload", name: "../uploads/chat notes.txt" })).status,
    ).toBe(404);
    expect((await save(user.api, { threadId: thread.id, kind: "output", name: "chat notes.txt" })).status).toBe(404);
    expect(
      (await save(user.api, { threadId: thread.id, kind: "upload", name: "chat notes.txt", shelfName: "a/b" })).status,
    ).toBe(422);
    expect((await save(user.api, { threadId: thread.id, kind: "nope", name: "x" })).status).toBe(422);
    const strangerProject = await newProject(stranger.api);
    expect(
      (await save(stranger.api, { threadId: thread.id, kind: "upload", name: "chat notes.txt" }, strangerProject))
        .status,
    ).toBe(404);
    expect((await save(stranger.api, { threadId: thread.id, kind: "upload", name: "chat notes.txt" })).status).toBe(
      404,
    );

    // An empty source file is 400, like an empty upload, and leaves nothing staged or shelved.
    const outputs = threadFilesDir({ userId: user.id, threadId: thread.id }, "outputs");
    await mkdir(outputs, { recursive: true });
    await writeFile(path.join(outputs, "empty.txt"), "");
    const empty = await save(user.api, { threadId: thread.id, kind: "output", name: "empty.txt" });
    expect(empty.status).toBe(400);
    expect((await json<Body>(empty)).error.code).toBe("bad_request");
    expect((await json<Body>(await user.api("GET", `/api/projects/${projectId}/documents`))).total).toBe(1);
    expect(await readdir(projectStagingDir({ userId: user.id, projectId })).catch(() => [])).toEqual([]);
  });

  it("attaches a document to a chat's uploads, from an archived project too; foreign threads are 404", async () => {
    const user = await signUp();
    const stranger = await signUp("Stranger");
    const projectId = await newProject(user.api);
    const { document } = await json<Body>(await upload(user.api, projectId, [["brief.txt", "the brief"]]));
    const { thread } = (await (await user.api("POST", "/api/threads", { json: {} })).json()) as {
      thread: { id: string };
    };
    const { thread: foreignThread } = (await (await stranger.api("POST", "/api/threads", { json: {} })).json()) as {
      thread: { id: string };
    };
    const attach = (threadId: string) =>
      user.api("POST", `/api/projects/${projectId}/documents/${document.id}/attach-to-thread/${threadId}`);

    const first = await attach(thread.id);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ kind: "upload", filename: "brief.txt", sizeBytes: 9 });
    expect((await user.api("POST", `/api/projects/${projectId}/archive`)).status).toBe(200);
    const second = await attach(thread.id);
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ filename: "brief_1.txt" });
    expect(await (await user.api("GET", `/api/threads/${thread.id}/artifacts/uploads/brief_1.txt`)).text()).toBe(
      "the brief",
    );

    const foreign = await attach(foreignThread.id);
    const missing = await attach(crypto.randomUUID());
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
    expect(
      (
        await stranger.api(
          "POST",
          `/api/projects/${projectId}/documents/${document.id}/attach-to-thread/${foreignThread.id}`,
        )
      ).status,
    ).toBe(404);
  });
});
