import { readdir, unlink } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { fileRemoval } from "@/lib/storage/file-removal";
import { projectsRoot } from "@/lib/storage/layout";
import { signUp, type Api } from "../support/route-client";
import { secondWaitsOnLock } from "../support/lock-waits";
import { documentRow, newProject, storedPaths, trashedDocument, uploadDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// The races of trash-concurrency and documents-concurrency, with each ordering forced rather
// than hoped for: the first operation is stopped at a known point inside its critical
// section (a gate in its unlink, a pause point under its row locks, or the request body it is
// still reading), the second is started, then the first is let go. The disk is checked in
// every branch. On PostgreSQL the test also sees the second operation waiting on a lock the
// first holds before letting the first go; embedded PGlite runs one transaction at a time, so
// there the second cannot read anything before the first commits.

const pauses = await vi.hoisted(async () => (await import("../support/pause-points")).createPausePoints());

// Restore checks the row's bytes under its locks (the target project's and the row's): held
// there, it owns both while the other operation starts.
vi.mock("@/lib/documents/is-content-missing", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/documents/is-content-missing")>();
  return {
    ...real,
    isContentMissing: async (row: Parameters<typeof real.isContentMissing>[0]) => {
      await pauses.pass("restore-locked");
      return real.isContentMissing(row);
    },
  };
});

// Project delete's first step is its project row lock: held right after it.
vi.mock("@/lib/db/locks", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/locks")>();
  return {
    ...real,
    lockOwnedProject: async (...args: Parameters<typeof real.lockOwnedProject>) => {
      const project = await real.lockOwnedProject(...args);
      await pauses.pass("project-locked");
      return project;
    },
  };
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

afterEach(() => {
  vi.restoreAllMocks();
  pauses.clear();
});

/** A trashed document whose upload's background work is over, so nothing else holds a lock. */
async function settledTrashedDocument(api: Api, projectId: string, name: string, content: string) {
  const document = await trashedDocument(api, projectId, name, content);
  await searchIndexingSettled();
  return document;
}

const restore = (api: Api, id: string, projectId?: string) =>
  api("POST", `/api/trash/documents/${id}/restore`, { json: projectId ? { projectId } : {} });
const purge = (api: Api, id: string) => api("POST", `/api/trash/documents/${id}/purge`);

/** Files anywhere under the user's projects folder, staging included. */
async function filesUnder(userId: string): Promise<string[]> {
  const entries = await readdir(projectsRoot(userId), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}/${entry.name}`);
}

describe("purge vs restore of one trashed document", () => {
  it("purge first (held inside its unlink, row locked): the restore is 404, bytes and row are gone", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await settledTrashedDocument(user.api, projectId, "a.txt", "purge first");
    const { original, folder } = await storedPaths(document.id);
    const inUnlink = gate();
    const letGo = gate();
    vi.spyOn(fileRemoval, "unlink").mockImplementation(async (file) => {
      inUnlink.open();
      await letGo.opened;
      await unlink(file);
    });
    const purging = purge(user.api, document.id);
    await inUnlink.opened;
    const restoring = restore(user.api, document.id);
    await secondWaitsOnLock();
    letGo.open();
    expect((await purging).status).toBe(204);
    expect((await restoring).status).toBe(404);
    expect(await documentRow(document.id)).toBeNull();
    expect(await pathExists(original)).toBe(false);
    expect(await pathExists(folder)).toBe(false);
  });

  it("restore first (held under its locks): the purge is 404, the restored row is live with its bytes", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await settledTrashedDocument(user.api, projectId, "b.txt", "restore first");
    const { original } = await storedPaths(document.id);
    const pause = pauses.arm("restore-locked");
    const restoring = restore(user.api, document.id);
    await pause.reached; // the row is locked and still trashed: the purge has to wait
    const purging = purge(user.api, document.id);
    await secondWaitsOnLock();
    pause.release();
    expect((await restoring).status).toBe(200);
    expect((await purging).status).toBe(404);
    expect((await documentRow(document.id))?.trashedAt).toBeNull();
    expect(await pathExists(original)).toBe(true);
    expect(await (await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`)).text()).toBe(
      "restore first",
    );
  });
});

describe("restore vs project delete", () => {
  it("delete first (held under its project lock): the restore to that project is 404; the document stays in the trash with its bytes", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await settledTrashedDocument(user.api, projectId, "c.txt", "delete first");
    const { original } = await storedPaths(document.id);
    const pause = pauses.arm("project-locked");
    const deleting = user.api("DELETE", `/api/projects/${projectId}`);
    await pause.reached; // the project is locked and about to go: the restore has to wait for it
    const restoring = restore(user.api, document.id);
    await secondWaitsOnLock();
    pause.release();
    expect((await deleting).status).toBe(200);
    expect((await restoring).status).toBe(404);
    expect((await user.api("GET", `/api/projects/${projectId}`)).status).toBe(404);
    const row = await documentRow(document.id);
    expect(row?.trashedAt).not.toBeNull();
    expect(row?.trashOrigin).toMatchObject({ projectId });
    expect(await pathExists(original)).toBe(true);
  });

  it("restore first (held under its locks): the delete trashes it again, bytes in place, origin the deleted project", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await settledTrashedDocument(user.api, projectId, "d.txt", "restore first");
    const { original } = await storedPaths(document.id);
    const pause = pauses.arm("restore-locked");
    const restoring = restore(user.api, document.id);
    await pause.reached; // the restore holds the project's lock: the delete has to wait for it
    const deleting = user.api("DELETE", `/api/projects/${projectId}`);
    await secondWaitsOnLock();
    pause.release();
    expect((await restoring).status).toBe(200);
    const removal = await deleting;
    expect(removal.status).toBe(200);
    expect((await removal.json()).trashedDocuments).toBe(1);
    const row = await documentRow(document.id);
    expect(row?.trashedAt).not.toBeNull();
    expect(row?.trashOrigin).toMatchObject({ projectId });
    expect(await pathExists(original)).toBe(true);
  });
});

describe("upload vs project delete", () => {
  /** A multipart body whose last bytes wait for `release`: the upload is mid-body until then. */
  function heldUpload(name: string, text: string, release: Promise<void>) {
    const boundary = "----b12held";
    const encoder = new TextEncoder();
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}`,
      `\r\n--${boundary}--\r\n`,
    ];
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 1) await release;
        if (sent < parts.length) controller.enqueue(encoder.encode(parts[sent]!));
        else controller.close();
        sent += 1;
      },
    });
    return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }

  it("delete while the upload is still arriving: the upload is 404 and leaves no row and no file", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const release = gate();
    const uploading = user.api(
      "POST",
      `/api/projects/${projectId}/documents`,
      heldUpload("late.txt", "arrives after the delete", release.opened),
    );
    expect((await user.api("DELETE", `/api/projects/${projectId}`)).status).toBe(200);
    release.open();
    expect((await uploading).status).toBe(404);
    const db = await getDb();
    expect(await db.projectDocument.count({ where: { projectId } })).toBe(0);
    expect(await filesUnder(user.id)).toEqual([]);
  });

  it("upload first: the delete trashes the new document, its bytes stay where they were", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await uploadDocument(user.api, projectId, "early.txt", "arrived before the delete");
    const { original } = await storedPaths(document.id);
    expect((await (await user.api("DELETE", `/api/projects/${projectId}`)).json()).trashedDocuments).toBe(1);
    expect((await documentRow(document.id))?.trashedAt).not.toBeNull();
    expect(await pathExists(original)).toBe(true);
  });
});
