import path from "node:path";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { threadDerivedDir, threadFilesDir, threadRoot, threadStagingDir } from "@/lib/storage/layout";
import { readThreadFileText } from "../support/thread-file-text";
import { writeThreadOutput } from "@/lib/thread-files/write-thread-output";
import type { ThreadFile } from "@/lib/thread-files/thread-file-dto";
import { callApi, signUp, type Api } from "../support/route-client";
import { pathExists } from "../support/path-exists";
import { json, newThread } from "../support/fixtures";

// Thread uploads and artifacts through the real route handlers: multipart streaming, unique
// names, the size limit, content types and dispositions, conversion, owner scoping and path
// confinement.

interface Body {
  files: ThreadFile[];
  thread: { id: string };
  error: { code: string; details: { path: string }[] };
}
const names = (body: Body) => body.files.map((file) => file.filename);
const fixture = (name: string) => readFile(path.join(__dirname, "../fixtures/thread-files", name));

function form(files: [string, BlobPart, string?][]): FormData {
  const body = new FormData();
  for (const [name, content, type] of files)
    body.append("files", new File([content], name, { type: type ?? "application/octet-stream" }));
  return body;
}

async function upload(api: Api, threadId: string, files: [string, BlobPart, string?][]) {
  return api("POST", `/api/threads/${threadId}/uploads`, { body: form(files) });
}

afterEach(() => {
  delete process.env.UPLOAD_MAX_BYTES;
  resetConfigForTests();
});

describe("thread uploads", () => {
  it("uploads two files in one request, numbers duplicates and lists them by name", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api);

    const first = await upload(api, threadId, [
      ["b-notes.txt", "second by name", "text/plain"],
      ["a-report.csv", "x,y\n1,2\n", "text/csv"],
    ]);
    expect(first.status).toBe(201);
    const { files } = await json<Body>(first);
    expect(files).toEqual([
      {
        kind: "upload",
        filename: "b-notes.txt",
        sizeBytes: 14,
        modifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        virtualPath: "/mnt/user-data/uploads/b-notes.txt",
        artifactUrl: `/api/threads/${threadId}/artifacts/uploads/b-notes.txt`,
      },
      expect.objectContaining({ kind: "upload", filename: "a-report.csv", sizeBytes: 8 }),
    ]);

    const again = await json<Body>(
      await upload(api, threadId, [
        ["a-report.csv", "v2"],
        ["a-report.csv", "v3"],
      ]),
    );
    expect(names(again)).toEqual(["a-report_1.csv", "a-report_2.csv"]);

    const listed = await json<Body>(await api("GET", `/api/threads/${threadId}/uploads`));
    expect(names(listed)).toEqual(["a-report.csv", "a-report_1.csv", "a-report_2.csv", "b-notes.txt"]);
    const original = await api("GET", `/api/threads/${threadId}/artifacts/uploads/a-report.csv`);
    expect(await original.text()).toBe("x,y\n1,2\n");
    const second = await api("GET", `/api/threads/${threadId}/artifacts/uploads/a-report_2.csv`);
    expect(await second.text()).toBe("v3");
  });

  it("gives concurrent uploads of one name distinct names and keeps every file's bytes", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(api, threadId, [["same.txt", `copy ${i}`]])),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    const claimed = await Promise.all(responses.map(async (r) => (await json<Body>(r)).files[0]!.filename));
    expect([...claimed].sort()).toEqual(
      ["same.txt", ...Array.from({ length: 7 }, (_, i) => `same_${i + 1}.txt`)].sort(),
    );
    for (const [i, name] of claimed.entries()) {
      expect(await (await api("GET", `/api/threads/${threadId}/artifacts/uploads/${name}`)).text()).toBe(`copy ${i}`);
    }
  });

  it("keeps UTF-8 names intact and encodes them in URLs", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api);
    const { files } = await json<Body>(await upload(api, threadId, [["季度 报告 #1.txt", "你好"]]));
    expect(files[0]).toMatchObject({
      filename: "季度 报告 #1.txt",
      sizeBytes: 6,
      virtualPath: "/mnt/user-data/uploads/季度 报告 #1.txt",
      artifactUrl: `/api/threads/${threadId}/artifacts/uploads/${encodeURIComponent("季度 报告 #1.txt")}`,
    });
    const res = await api("GET", files[0].artifactUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("你好");
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="__ __ #1.txt"; filename*=UTF-8''${encodeURIComponent("季度 报告 #1.txt")}`,
    );
  });

  it("answers 400 without a file, or without multipart", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api);
    const empty = new FormData();
    empty.append("note", "no files here");
    const noFiles = await api("POST", `/api/threads/${threadId}/uploads`, { body: empty });
    expect(noFiles.status).toBe(400);
    expect((await json<Body>(noFiles)).error.code).toBe("bad_request");
    const wrongField = new FormData();
    wrongField.append("file", new File(["x"], "x.txt"));
    expect((await api("POST", `/api/threads/${threadId}/uploads`, { body: wrongField })).status).toBe(400);
    expect((await api("POST", `/api/threads/${threadId}/uploads`, { json: { files: [] } })).status).toBe(400);
    expect((await api("POST", `/api/threads/${threadId}/uploads`)).status).toBe(400);
    expect((await json<Body>(await api("GET", `/api/threads/${threadId}/uploads`))).files).toEqual([]);
  });

  it("answers 422 for a name with separators, 256 bytes long or reserved, and keeps nothing", async () => {
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api);
    for (const name of ["../escape.txt", "a\\b.txt", "..", "x".repeat(252) + ".txt"]) {
      const res = await upload(api, threadId, [
        ["fine.txt", "ok"],
        [name, "bad"],
      ]);
      expect(res.status, name).toBe(422);
      expect((await json<Body>(res)).error.details[0].path).toBe("filename");
    }
    expect((await json<Body>(await api("GET", `/api/threads/${threadId}/uploads`))).files).toEqual([]);
    expect(await pathExists(path.join(threadRoot({ userId, threadId }), "..", "escape.txt"))).toBe(false);
    expect(await readdir(threadStagingDir({ userId, threadId }))).toEqual([]);
  });

  it("answers 413 over UPLOAD_MAX_BYTES while streaming, leaving no file behind", async () => {
    process.env.UPLOAD_MAX_BYTES = "1000";
    resetConfigForTests();
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api);

    const atLimit = await upload(api, threadId, [["exact.bin", new Uint8Array(1000)]]);
    expect(atLimit.status).toBe(201);

    const over = await upload(api, threadId, [
      ["small.txt", "fits"],
      ["big.bin", new Uint8Array(64 * 1024)],
      ["after.txt", "never read"],
    ]);
    expect(over.status).toBe(413);
    expect((await json<Body>(over)).error.code).toBe("payload_too_large");

    const listed = await json<Body>(await api("GET", `/api/threads/${threadId}/uploads`));
    expect(names(listed)).toEqual(["exact.bin"]);
    expect(await readdir(threadFilesDir({ userId, threadId }, "uploads"))).toEqual(["exact.bin"]);
    expect(await readdir(threadStagingDir({ userId, threadId }))).toEqual([]);
  });

  it("deletes an upload and its companion; a second delete is 404", async () => {
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api);
    await upload(api, threadId, [
      ["page.html", "<h1>Hi</h1>"],
      ["keep.txt", "stay"],
    ]);
    const companion = path.join(threadDerivedDir({ userId, threadId }, "uploads"), "page.html", "converted.md");
    expect(await pathExists(companion)).toBe(true);

    expect((await api("DELETE", `/api/threads/${threadId}/uploads/page.html`)).status).toBe(204);
    expect(await pathExists(companion)).toBe(false);
    expect(names(await json<Body>(await api("GET", `/api/threads/${threadId}/uploads`)))).toEqual(["keep.txt"]);
    expect((await api("DELETE", `/api/threads/${threadId}/uploads/page.html`)).status).toBe(404);
    expect((await api("GET", `/api/threads/${threadId}/artifacts/uploads/page.html`)).status).toBe(404);
  });
});

describe("artifacts", () => {
  it("serves each type with its Content-Type, inline only where safe, attachment on request", async () => {
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api);
    const pdf = await fixture("hello.pdf");
    await upload(api, threadId, [
      ["doc.pdf", pdf, "application/pdf"],
      ["page.html", "<script>alert(1)</script>", "text/plain"],
      ["page.xhtml", "<html xmlns='http://www.w3.org/1999/xhtml'/>"],
      ["logo.svg", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "image/png"],
      ["notes.md", "# Notes"],
      ["blob.weird", "??"],
    ]);
    await writeThreadOutput({ userId, threadId, name: "result.txt", content: "the answer" });

    const cases: [string, string, string, "inline" | "attachment"][] = [
      ["uploads/doc.pdf", "", "application/pdf", "inline"],
      ["uploads/doc.pdf", "?download=true", "application/pdf", "attachment"],
      ["uploads/doc.pdf", "?download=false", "application/pdf", "inline"],
      ["uploads/page.html", "", "text/html; charset=utf-8", "attachment"],
      ["uploads/page.html", "?download=false", "text/html; charset=utf-8", "attachment"],
      ["uploads/page.xhtml", "", "application/xhtml+xml", "attachment"],
      ["uploads/logo.svg", "?download=false", "image/svg+xml", "attachment"],
      ["uploads/notes.md", "", "text/markdown; charset=utf-8", "inline"],
      ["uploads/blob.weird", "", "application/octet-stream", "attachment"],
      ["outputs/result.txt", "", "text/plain; charset=utf-8", "inline"],
      ["outputs/result.txt", "?download=true", "text/plain; charset=utf-8", "attachment"],
    ];
    for (const [file, query, type, disposition] of cases) {
      const res = await api("GET", `/api/threads/${threadId}/artifacts/${file}${query}`);
      expect(res.status, file + query).toBe(200);
      expect(res.headers.get("content-type"), file + query).toBe(type);
      expect(res.headers.get("content-disposition")?.split(";")[0], file + query).toBe(disposition);
      expect(res.headers.get("x-content-type-options"), file + query).toBe("nosniff");
    }
    const bytes = new Uint8Array(
      await (await api("GET", `/api/threads/${threadId}/artifacts/uploads/doc.pdf`)).arrayBuffer(),
    );
    expect(Buffer.from(bytes).equals(pdf)).toBe(true);
    expect(await (await api("GET", `/api/threads/${threadId}/artifacts/outputs/result.txt`)).text()).toBe("the answer");
    expect((await api("GET", `/api/threads/${threadId}/artifacts/uploads/doc.pdf?download=yes`)).status).toBe(422);
    expect((await api("GET", `/api/threads/${threadId}/artifacts/derived/doc.pdf`)).status).toBe(404);
    expect((await api("GET", `/api/threads/${threadId}/artifacts/outputs/doc.pdf`)).status).toBe(404);
  });

  it("refuses traversal, encoded separators and symlinks out of the thread with 404", async () => {
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api);
    const { id: otherThread } = await newThread(api);
    await upload(api, threadId, [["inside.txt", "inside"]]);
    await upload(api, otherThread, [["neighbour.txt", "other chat"]]);
    const dataDir = process.env.DATA_DIR!;
    await writeFile(path.join(dataDir, "secret.txt"), "outside");
    const uploads = threadFilesDir({ userId, threadId }, "uploads");
    await symlink(path.join(dataDir, "secret.txt"), path.join(uploads, "link-out.txt"));
    await symlink(
      path.join(threadFilesDir({ userId, threadId: otherThread }, "uploads"), "neighbour.txt"),
      path.join(uploads, "link-neighbour.txt"),
    );
    await mkdir(path.join(uploads, "folder"));

    const attempts = [
      "..%2F..%2F..%2F..%2F..%2F..%2Fsecret.txt",
      "..%2Foutputs%2Fx.txt",
      `..%2F..%2F..%2F${otherThread}%2Fuser-data%2Fuploads%2Fneighbour.txt`,
      "..%5C..%5Csecret.txt",
      "%2Fetc%2Fpasswd",
      encodeURIComponent(path.join(dataDir, "secret.txt")),
      // (A bare ".." never reaches the route: URL parsing resolves it, like "%2e%2e".)
      "link-out.txt",
      "link-neighbour.txt",
      "folder",
      "inside.txt%00.pdf",
    ];
    for (const name of attempts) {
      for (const folder of ["uploads", "outputs"]) {
        const res = await api("GET", `/api/threads/${threadId}/artifacts/${folder}/${name}`);
        expect(res.status, `${folder}/${name}`).toBe(404);
      }
      expect((await api("DELETE", `/api/threads/${threadId}/uploads/${name}`)).status, name).toBe(404);
    }
    expect(await readFile(path.join(dataDir, "secret.txt"), "utf8")).toBe("outside");
    const listed = await json<Body>(await api("GET", `/api/threads/${threadId}/uploads`));
    expect(names(listed)).toEqual(["inside.txt"]);
    expect(await readThreadFileText({ userId, threadId, kind: "upload", name: "link-out.txt" })).toEqual({
      error: expect.stringContaining("There is no upload"),
    });
  });
});

describe("conversion of uploads", () => {
  it("gives HTML, DOCX and PDF uploads a companion read as text, not listed as an upload", async () => {
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api);
    const res = await upload(api, threadId, [
      ["page.html", "<h1>Heading</h1><p>Body text</p>", "text/html"],
      ["plan.docx", await fixture("hello.docx")],
      ["paper.pdf", await fixture("hello.pdf")],
    ]);
    expect(res.status).toBe(201);
    const listed = await json<Body>(await api("GET", `/api/threads/${threadId}/uploads`));
    expect(names(listed)).toEqual(["page.html", "paper.pdf", "plan.docx"]);

    const expected: [string, string][] = [
      ["page.html", "# Heading\n\nBody text"],
      ["plan.docx", "# Quarterly plan\n\nThe docx fixture says hello."],
      ["paper.pdf", "The pdf fixture says hello."],
    ];
    for (const [name, text] of expected) {
      expect(
        await readFile(path.join(threadDerivedDir({ userId, threadId }, "uploads"), name, "converted.md"), "utf8"),
      ).toContain(text);
      const read = await readThreadFileText({ userId, threadId, kind: "upload", name });
      expect(read).toMatchObject({ filename: name, converted: true });
      expect((read as { text: string }).text).toContain(text);
    }
  });
});

describe("owner scoping and thread deletion", () => {
  it("answers every route for another user's thread exactly like a missing one", async () => {
    const owner = await signUp("Owner");
    const intruder = await signUp("Intruder");
    const { id: threadId } = await newThread(owner.api);
    await upload(owner.api, threadId, [["private.txt", "mine"]]);
    const missing = "00000000-0000-4000-8000-000000000000";

    const cases: [string, (id: string) => string, (() => FormData)?][] = [
      ["POST", (id) => `/api/threads/${id}/uploads`, () => form([["stolen.txt", "x"]])],
      ["GET", (id) => `/api/threads/${id}/uploads`],
      ["DELETE", (id) => `/api/threads/${id}/uploads/private.txt`],
      ["GET", (id) => `/api/threads/${id}/artifacts/uploads/private.txt`],
      ["GET", (id) => `/api/threads/${id}/artifacts/uploads/private.txt?download=true`],
      ["GET", (id) => `/api/threads/${id}/artifacts/outputs/private.txt`],
    ];
    for (const [method, url, body] of cases) {
      const foreign = await intruder.api(method, url(threadId), { body: body?.() });
      const absent = await intruder.api(method, url(missing), { body: body?.() });
      expect(foreign.status, `${method} ${url("…")}`).toBe(404);
      expect(await foreign.text()).toBe(await absent.text());
    }
    const mine = await json<Body>(await owner.api("GET", `/api/threads/${threadId}/uploads`));
    expect(names(mine)).toEqual(["private.txt"]);
    expect((await owner.api("POST", `/api/threads/${threadId}/uploads`)).status).toBe(400);
    expect((await callApi("GET", `/api/threads/${threadId}/uploads`)).status).toBe(401);
  });

  it("removes the thread's folder when the thread is deleted", async () => {
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api);
    const { id: keptThread } = await newThread(api);
    await upload(api, threadId, [["page.html", "<p>x</p>"]]);
    await upload(api, keptThread, [["kept.txt", "kept"]]);
    await writeThreadOutput({ userId, threadId, name: "out.md", content: "# out" });
    expect(await pathExists(threadRoot({ userId, threadId }))).toBe(true);

    expect((await api("DELETE", `/api/threads/${threadId}`)).status).toBe(204);
    expect(await pathExists(threadRoot({ userId, threadId }))).toBe(false);
    expect(await pathExists(path.join(threadFilesDir({ userId, threadId: keptThread }, "uploads"), "kept.txt"))).toBe(
      true,
    );
  });
});
