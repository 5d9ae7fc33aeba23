import { access, readdir, unlink } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { fileRemoval } from "@/lib/storage/file-removal";
import { projectsRoot } from "@/lib/storage/layout";
import { signUp } from "../support/route-client";
import {
  documentRow,
  newProject,
  storedPaths,
  trashedDocument,
  uploadDocument,
  type Api,
} from "../support/shelf-fixtures";

// The races of trash-concurrency and documents-concurrency, with each ordering forced rather
// than hoped for: the first operation is stopped at a known point inside its critical
// section (a gate in its unlink, or in the request body it is still reading), the second is
// started, then the first is let go. The disk is checked in every branch.

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

afterEach(() => {
  vi.restoreAllMocks();
});

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
    const document = await trashedDocument(user.api, projectId, "a.txt", "purge first");
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
    letGo.open();
    expect((await purging).status).toBe(204);
    expect((await restoring).status).toBe(404);
    expect(await documentRow(document.id)).toBeNull();
    expect(await exists(original)).toBe(false);
    expect(await exists(folder)).toBe(false);
  });

  it("restore first: the purge is 404, the restored row is live with its bytes", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "b.txt", "restore first");
    const { original } = await storedPaths(document.id);
    expect((await restore(user.api, document.id)).status).toBe(200);
    expect((await purge(user.api, document.id)).status).toBe(404);
    expect((await documentRow(document.id))?.trashedAt).toBeNull();
    expect(await exists(original)).toBe(true);
    expect(await (await user.api("GET", `/api/projects/${projectId}/documents/${document.id}/content`)).text()).toBe(
      "restore first",
    );
  });
});

describe("restore vs project delete", () => {
  it("delete first: the restore to that project is 404; the document stays in the trash with its bytes", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "c.txt", "delete first");
    const { original } = await storedPaths(document.id);
    expect((await user.api("DELETE", `/api/projects/${projectId}`)).status).toBe(200);
    expect((await restore(user.api, document.id)).status).toBe(404);
    expect((await documentRow(document.id))?.trashedAt).not.toBeNull();
    expect(await exists(original)).toBe(true);
  });

  it("restore first: the delete trashes it again, bytes in place, origin the deleted project", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "d.txt", "restore first");
    const { original } = await storedPaths(document.id);
    expect((await restore(user.api, document.id)).status).toBe(200);
    const removal = await user.api("DELETE", `/api/projects/${projectId}`);
    expect((await removal.json()).trashedDocuments).toBe(1);
    const row = await documentRow(document.id);
    expect(row?.trashedAt).not.toBeNull();
    expect(row?.trashOrigin).toMatchObject({ projectId });
    expect(await exists(original)).toBe(true);
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
    expect(await exists(original)).toBe(true);
  });
});
