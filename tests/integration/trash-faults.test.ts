import { unlink } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileRemoval } from "@/lib/storage/file-removal";
import { trashClock } from "@/lib/trash/clock";
import { signUp, type Api } from "../support/route-client";
import {
  documentRow,
  errno,
  newProject,
  storedPaths,
  trashedDocument,
  uploadDocument,
} from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// Purge and restore when the disk misbehaves. An unlink failure other than "already gone"
// is injected through the storage hook (fileRemoval.unlink): purge answers 500 retryable,
// rolls back and keeps the row; the next attempt completes what the first began.

const purge = (api: Api, id: string) => api("POST", `/api/trash/documents/${id}/purge`);
type ErrorBody = { error: { code: string; message: string; retryable?: boolean } };

/** Makes unlink fail with `code` for files whose path ends with `suffix`; others are removed for real. */
function failUnlink(code: string, suffix = ""): void {
  vi.spyOn(fileRemoval, "unlink").mockImplementation(async (file) => {
    if (file.endsWith(suffix)) throw errno(code);
    await unlink(file);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("purge faults", () => {
  it.each(["EACCES", "EIO"])(
    "unlink failing with %s: 500 retryable, no path leaked, row kept; a retry succeeds",
    async (code) => {
      const user = await signUp();
      const projectId = await newProject(user.api);
      const document = await trashedDocument(user.api, projectId, "stuck.txt", "stuck");
      const { original } = await storedPaths(document.id);
      vi.spyOn(console, "error").mockImplementation(() => {});
      failUnlink(code);

      const res = await purge(user.api, document.id);
      expect(res.status).toBe(500);
      const text = await res.text();
      const body = JSON.parse(text) as ErrorBody;
      expect(body.error).toMatchObject({ code: "internal", retryable: true });
      expect(text).not.toContain(process.env.DATA_DIR!);
      expect(text).not.toContain(code);
      expect((await documentRow(document.id))?.trashedAt).not.toBeNull();
      expect(await pathExists(original)).toBe(true);
      const listed = (await (await user.api("GET", "/api/trash/documents")).json()) as { documents: { id: string }[] };
      expect(listed.documents.map((d) => d.id)).toEqual([document.id]);

      vi.mocked(fileRemoval.unlink).mockRestore();
      expect((await purge(user.api, document.id)).status).toBe(204);
      expect(await documentRow(document.id)).toBeNull();
      expect(await pathExists(original)).toBe(false);
    },
  );

  it("original removed, converted companion failing: row kept, restore 409, the retry finishes", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await uploadDocument(user.api, projectId, "page.html", "<p>converted</p>");
    expect(
      (await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content?as=markdown`)).status,
    ).toBe(200);
    expect((await user.api("DELETE", `/api/projects/${projectId}/documents/${document.id}`)).status).toBe(204);
    const { original, folder } = await storedPaths(document.id);
    vi.spyOn(console, "error").mockImplementation(() => {});
    failUnlink("EIO", "converted.md");

    expect((await purge(user.api, document.id)).status).toBe(500);
    expect(await pathExists(original)).toBe(false);
    expect((await documentRow(document.id))?.trashedAt).not.toBeNull();
    // A half-purged row is never activated.
    const restore = await user.api("POST", `/api/trash/documents/${document.id}/restore`);
    expect(restore.status).toBe(409);
    expect(((await restore.json()) as ErrorBody).error.code).toBe("content_missing");

    vi.mocked(fileRemoval.unlink).mockRestore();
    expect((await purge(user.api, document.id)).status).toBe(204);
    expect(await pathExists(folder)).toBe(false);
  });

  it("a file already gone counts as removed: purge succeeds", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "vanished.txt", "vanished");
    await unlink((await storedPaths(document.id)).original);
    expect((await purge(user.api, document.id)).status).toBe(204);
    expect(await documentRow(document.id)).toBeNull();
  });

  it("empty trash purges what it can and answers 500 retryable for the rest", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const ok = await trashedDocument(user.api, projectId, "ok.txt", "ok");
    const stuck = await trashedDocument(user.api, projectId, "stuck.txt", "stuck");
    vi.spyOn(console, "error").mockImplementation(() => {});
    failUnlink("EACCES", "stuck.txt");

    const res = await user.api("POST", "/api/trash/purge");
    expect(res.status).toBe(500);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: "internal", retryable: true });
    expect(await documentRow(ok.id)).toBeNull();
    expect(await documentRow(stuck.id)).not.toBeNull();

    vi.mocked(fileRemoval.unlink).mockRestore();
    expect(await (await user.api("POST", "/api/trash/purge")).json()).toEqual({ purged: 1 });
  });

  it("the retention sweep keeps a row it cannot purge, and the listing still answers", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "expired.txt", "expired");
    vi.spyOn(trashClock, "now").mockReturnValue(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    vi.spyOn(console, "error").mockImplementation(() => {});
    failUnlink("EIO");

    const res = await user.api("GET", "/api/trash/documents");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { documents: { id: string }[] }).documents.map((d) => d.id)).toEqual([document.id]);
    expect(await documentRow(document.id)).not.toBeNull();

    vi.mocked(fileRemoval.unlink).mockRestore();
    expect(((await (await user.api("GET", "/api/trash/documents")).json()) as { total: number }).total).toBe(0);
  });
});

describe("restore faults", () => {
  it("a row whose file is missing is 409 content_missing and stays in the trash", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const other = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "lost.txt", "lost");
    await unlink((await storedPaths(document.id)).original);
    for (const body of [{}, { projectId: other }]) {
      const res = await user.api("POST", `/api/trash/documents/${document.id}/restore`, { json: body });
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).error.code).toBe("content_missing");
    }
    expect(await documentRow(document.id)).toMatchObject({ projectId, trashedAt: expect.any(Date) });
  });
});
