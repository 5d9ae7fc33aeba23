import path from "node:path";
import { readFile, rm } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tx } from "@/lib/db/client";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { threadRoot } from "@/lib/storage/layout";
import { signUp, type Api } from "../support/route-client";
import { newProject, storedPaths, trashDocument, uploadDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";
import { newThread } from "../support/fixtures";

// Writes that race a removal, each forced into the ordering that used to go wrong: a step of
// the write is held at a pause point while the removal runs to completion, then released.
//   - a conversion finishing after its document was purged must not recreate converted.md;
//   - "save to project" from a chat deleted meanwhile must not add a row naming that chat;
//   - "attach to chat" into a chat deleted meanwhile must not leave files behind it.

const pauses = await vi.hoisted(async () => (await import("../support/pause-points")).createPausePoints());

vi.mock("@/lib/conversion/convert-to-markdown", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/conversion/convert-to-markdown")>();
  return {
    ...real,
    convertToMarkdown: async (input: Parameters<typeof real.convertToMarkdown>[0]) => {
      const markdown = await real.convertToMarkdown(input);
      await pauses.pass("converted");
      return markdown;
    },
  };
});

// Signals (armed and released at once, so nothing is held): the purge's unlinks done inside its
// transaction; a publish of a conversion starting its locked transaction, or writing its file.
vi.mock("@/lib/trash/remove-document-files", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/trash/remove-document-files")>();
  return {
    ...real,
    removeDocumentFiles: async (row: Parameters<typeof real.removeDocumentFiles>[0]) => {
      await real.removeDocumentFiles(row);
      await pauses.pass("unlinked");
    },
  };
});

vi.mock("@/lib/db/client", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/client")>();
  return {
    ...real,
    transaction: async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
      await pauses.pass("transaction");
      return real.transaction(work);
    },
  };
});

vi.mock("@/lib/storage/stored-files", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/storage/stored-files")>();
  return {
    ...real,
    writeTextAtomically: async (file: string, text: string) => {
      await real.writeTextAtomically(file, text);
      await pauses.pass("published");
    },
  };
});

vi.mock("@/lib/storage/staging", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/storage/staging")>();
  return {
    ...real,
    streamToStaging: async (input: Parameters<typeof real.streamToStaging>[0]) => {
      const staged = await real.streamToStaging(input);
      await pauses.pass("staged");
      return staged;
    },
  };
});

vi.mock("@/lib/thread-files/ingest-thread-upload", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/thread-files/ingest-thread-upload")>();
  return {
    ...real,
    ingestThreadUpload: async (input: Parameters<typeof real.ingestThreadUpload>[0]) => {
      await pauses.pass("ingest");
      return real.ingestThreadUpload(input);
    },
  };
});

afterEach(() => pauses.clear());

const docx = () => readFile(path.join(__dirname, "../fixtures/thread-files/hello.docx"));

async function uploadToThread(api: Api, threadId: string, name: string, content: string): Promise<void> {
  const body = new FormData();
  body.append("files", new File([content], name));
  const res = await api("POST", `/api/threads/${threadId}/uploads`, { body });
  if (res.status !== 201) throw new Error(`thread upload failed: ${res.status}`);
}

describe("a conversion racing a purge of its document", () => {
  // The conversion is held after converting, before publishing derived/converted.md, while the
  // document is trashed and purged; released, it must find no live row and write nothing.

  it("on landing (background conversion), finishing after the purge publishes nothing", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const pause = pauses.arm("converted");
    // The upload answers once the row is committed; its conversion runs in the background.
    const document = await uploadDocument(api, projectId, "hello.docx", await docx());
    const { folder, original } = await storedPaths(document.id);
    const converted = path.join(folder, "derived", "converted.md");
    await pause.reached; // converted in memory, not yet published
    expect(await pathExists(converted)).toBe(false);
    await trashDocument(api, projectId, document.id);
    expect((await api("POST", `/api/trash/documents/${document.id}/purge`)).status).toBe(204);
    expect(await pathExists(original)).toBe(false);
    pause.release();
    await searchIndexingSettled();

    expect(await pathExists(converted)).toBe(false);
    expect(await pathExists(folder)).toBe(false);
  });

  it("publishing while the purge holds the document's lock waits for it, then publishes nothing", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const converting = pauses.arm("converted");
    const document = await uploadDocument(api, projectId, "hello.docx", await docx());
    const { folder } = await storedPaths(document.id);
    const converted = path.join(folder, "derived", "converted.md");
    await converting.reached; // the background conversion on landing: converted, not yet published
    await trashDocument(api, projectId, document.id);
    const unlinking = pauses.arm("unlinked");
    const purging = api("POST", `/api/trash/documents/${document.id}/purge`);
    await unlinking.reached; // files unlinked, folders not yet pruned, row locked and not yet deleted

    // The publish starts now: under the document's lock it can only wait for the purge to
    // commit; without it, it writes into the folder the purge is emptying.
    const locking = pauses.arm("transaction");
    const writing = pauses.arm("published");
    locking.release();
    writing.release();
    converting.release();
    await Promise.race([locking.reached, writing.reached]);
    unlinking.release();
    expect((await purging).status).toBe(204);
    await searchIndexingSettled();

    expect(await pathExists(converted)).toBe(false);
    expect(await pathExists(folder)).toBe(false);
  });

  it("on a read, finishing after the purge publishes nothing: the purged folder stays gone", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const document = await uploadDocument(api, projectId, "hello.docx", await docx());
    const { folder, original } = await storedPaths(document.id);
    const converted = path.join(folder, "derived", "converted.md");
    // Let the upload's own background conversion finish and drop its cache, so this read
    // converts afresh and is the conversion held at the pause.
    await searchIndexingSettled();
    await rm(converted, { force: true });

    const pause = pauses.arm("converted");
    const reading = api("GET", `/api/projects/${projectId}/documents/${document.id}/content?as=markdown`);
    await pause.reached; // converted in memory, not yet published
    await trashDocument(api, projectId, document.id);
    expect((await api("POST", `/api/trash/documents/${document.id}/purge`)).status).toBe(204);
    expect(await pathExists(original)).toBe(false);
    pause.release();
    await (await reading).text();

    expect(await pathExists(converted)).toBe(false);
    expect(await pathExists(folder)).toBe(false);
  });

  it("finishing before the purge is removed by it with the rest of the document", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const document = await uploadDocument(api, projectId, "hello.docx", await docx());
    const { folder } = await storedPaths(document.id);
    expect((await api("GET", `/api/projects/${projectId}/documents/${document.id}/content?as=markdown`)).status).toBe(
      200,
    );
    expect(await pathExists(path.join(folder, "derived", "converted.md"))).toBe(true);

    await trashDocument(api, projectId, document.id);
    expect((await api("POST", `/api/trash/documents/${document.id}/purge`)).status).toBe(204);
    expect(await pathExists(folder)).toBe(false);
  });
});

describe("save to project from a chat deleted meanwhile", () => {
  it("is a 404 that adds nothing to the shelf", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const { id: threadId } = await newThread(api);
    await uploadToThread(api, threadId, "notes.txt", "some notes");

    const pause = pauses.arm("staged");
    const saving = api("POST", `/api/projects/${projectId}/documents/from-thread`, {
      json: { threadId, kind: "upload", name: "notes.txt" },
    });
    await pause.reached; // the chat was the caller's when the copy began
    expect((await api("DELETE", `/api/threads/${threadId}`)).status).toBe(204);
    pause.release();

    expect((await saving).status).toBe(404);
    const shelf = (await (await api("GET", `/api/projects/${projectId}/documents`)).json()) as { documents: unknown[] };
    expect(shelf.documents).toEqual([]);
  });
});

describe("attach to a chat deleted meanwhile", () => {
  it("is a 404 that leaves no files of the deleted chat behind", async () => {
    const { api, id: userId } = await signUp();
    const projectId = await newProject(api);
    const document = await uploadDocument(api, projectId, "brief.txt", "the brief");
    const { id: threadId } = await newThread(api, { projectId });

    const pause = pauses.arm("ingest");
    const attaching = api("POST", `/api/projects/${projectId}/documents/${document.id}/attach-to-thread/${threadId}`);
    await pause.reached; // the chat was checked, the copy is about to be written
    expect((await api("DELETE", `/api/threads/${threadId}`)).status).toBe(204);
    pause.release();

    expect((await attaching).status).toBe(404);
    expect(await pathExists(threadRoot({ userId, threadId }))).toBe(false);
  });
});
