import path from "node:path";
import { appendFile, mkdir, unlink, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  projectDocumentsDir,
  projectStagingDir,
  threadFilesDir,
  threadRoot,
  threadStagingDir,
  userRoot,
  usersRoot,
} from "@/lib/storage/layout";
import { LISTING_RECONCILE_INTERVAL_MS, sweepAllUsers, sweepUser } from "@/lib/trash/sweep";
import { signUp } from "../support/route-client";
import { age, documentRow, newProject, storedPaths, trashedDocument, uploadDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";
import { newThread } from "../support/fixtures";

// The sweep's reconciliation: unreferenced files, staging leftovers and deleted threads'
// folders older than 24 hours go; nothing younger ever does; a row whose bytes are missing
// or the wrong size is logged and kept. Ages are set with utimes, 25 hours back.

const sha = (seed: string) => seed.repeat(64).slice(0, 64);

async function writeTree(file: string, content = "x"): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  return file;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("storage reconciliation", () => {
  it("removes old staging and unreferenced document folders, keeps young ones and every referenced folder", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const live = await uploadDocument(user.api, projectId, "live.txt", "live");
    const trashed = await trashedDocument(user.api, projectId, "trashed.txt", "trashed");
    const documentsDir = projectDocumentsDir({ userId: user.id, projectId });
    const staging = projectStagingDir({ userId: user.id, projectId });

    const oldStaged = await writeTree(path.join(staging, "old-upload"));
    const youngStaged = await writeTree(path.join(staging, "young-upload"));
    const oldOrphan = path.join(documentsDir, "ee", sha("e"), crypto.randomUUID());
    await writeTree(path.join(oldOrphan, "original", "orphan.txt"));
    await writeTree(path.join(oldOrphan, "derived", "converted.md"));
    const youngOrphan = path.join(documentsDir, "dd", sha("d"), crypto.randomUUID());
    await writeTree(path.join(youngOrphan, "original", "in-flight.txt"));
    const liveFolder = (await storedPaths(live.id)).folder;
    const trashedFolder = (await storedPaths(trashed.id)).folder;
    // A stray file inside a referenced folder is the row's business, not the sweep's.
    const stray = await writeTree(path.join(liveFolder, "derived", "converted.md.1234.tmp"));

    await age(oldStaged);
    await age(path.join(documentsDir, "ee"));
    await age(liveFolder);
    await age(trashedFolder);

    const report = await sweepUser({ userId: user.id });
    expect(await pathExists(oldStaged)).toBe(false);
    expect(await pathExists(youngStaged)).toBe(true);
    expect(await pathExists(oldOrphan)).toBe(false);
    // Its emptied {sha}/{sha[:2]} levels were old before the sweep, so they went too.
    expect(await pathExists(path.join(documentsDir, "ee"))).toBe(false);
    expect(await pathExists(youngOrphan)).toBe(true);
    expect(await pathExists((await storedPaths(live.id)).original)).toBe(true);
    expect(await pathExists((await storedPaths(trashed.id)).original)).toBe(true);
    expect(await pathExists(stray)).toBe(true);
    expect(await pathExists(staging)).toBe(true);
    expect(report).toMatchObject({ removedFiles: 1, contentMissing: 0 });
    expect(report.removedFolders).toBeGreaterThanOrEqual(1);
    expect(await (await getDb()).projectDocument.count({ where: { userId: user.id } })).toBe(2);
  });

  it("keeps the folder of a row restored into another project, and clears a deleted project's old leftovers", async () => {
    const user = await signUp();
    const origin = await newProject(user.api);
    const other = await newProject(user.api);
    const moved = await trashedDocument(user.api, origin, "moved.txt", "moved");
    expect(
      (await user.api("POST", `/api/trash/documents/${moved.id}/restore`, { json: { projectId: other } })).status,
    ).toBe(200);
    const gone = await newProject(user.api);
    const goneDir = path.join(userRoot(user.id), "projects", gone);
    await writeTree(path.join(projectStagingDir({ userId: user.id, projectId: gone }), "left-behind"));
    expect((await user.api("DELETE", `/api/projects/${gone}`)).status).toBe(200);
    await age(path.join(userRoot(user.id), "projects"));

    await sweepUser({ userId: user.id });
    // The restored row still lives in its origin's folder: restore never moves files.
    expect((await storedPaths(moved.id)).original).toContain(path.join("projects", origin, "documents"));
    expect(await pathExists((await storedPaths(moved.id)).original)).toBe(true);
    expect(await (await user.api("GET", `/api/projects/${other}/documents/${moved.id}/content`)).text()).toBe("moved");
    expect(await pathExists(goneDir)).toBe(false);
  });

  it("removes old folders of deleted threads, keeps young ones and every file of a live thread", async () => {
    const user = await signUp();
    const { id: liveThread } = await newThread(user.api);
    const upload = new FormData();
    upload.append("files", new File(["kept"], "kept.txt"));
    expect((await user.api("POST", `/api/threads/${liveThread}/uploads`, { body: upload })).status).toBe(201);
    const liveStaged = await writeTree(path.join(threadStagingDir({ userId: user.id, threadId: liveThread }), "stale"));
    await age(threadRoot({ userId: user.id, threadId: liveThread }));

    const oldDeleted = crypto.randomUUID();
    const youngDeleted = crypto.randomUUID();
    await writeTree(path.join(threadFilesDir({ userId: user.id, threadId: oldDeleted }, "outputs"), "report.md"));
    await writeTree(path.join(threadFilesDir({ userId: user.id, threadId: youngDeleted }, "uploads"), "fresh.txt"));
    await age(threadRoot({ userId: user.id, threadId: oldDeleted }));
    // A deleted thread's folder with one young file in it is not old.
    const mixed = crypto.randomUUID();
    await writeTree(path.join(threadFilesDir({ userId: user.id, threadId: mixed }, "outputs"), "old.md"));
    await age(threadRoot({ userId: user.id, threadId: mixed }));
    await writeTree(path.join(threadFilesDir({ userId: user.id, threadId: mixed }, "outputs"), "new.md"));

    await sweepUser({ userId: user.id });
    expect(
      await pathExists(path.join(threadFilesDir({ userId: user.id, threadId: liveThread }, "uploads"), "kept.txt")),
    ).toBe(true);
    expect(await pathExists(liveStaged)).toBe(false);
    expect(await pathExists(threadRoot({ userId: user.id, threadId: oldDeleted }))).toBe(false);
    expect(await pathExists(threadRoot({ userId: user.id, threadId: youngDeleted }))).toBe(true);
    expect(await pathExists(threadRoot({ userId: user.id, threadId: mixed }))).toBe(true);
  });

  it("logs rows whose file is missing or the wrong size and never deletes a row", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const missing = await uploadDocument(user.api, projectId, "missing.txt", "missing");
    const resized = await trashedDocument(user.api, projectId, "resized.txt", "resized");
    const healthy = await uploadDocument(user.api, projectId, "healthy.txt", "healthy");
    await unlink((await storedPaths(missing.id)).original);
    await appendFile((await storedPaths(resized.id)).original, " and more");
    // Old enough for everything to be eligible, were the sweep to treat these as orphans.
    await age(path.join(userRoot(user.id), "projects"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const report = await sweepUser({ userId: user.id });
    expect(report.contentMissing).toBe(2);
    const logged = warn.mock.calls.map((call) => String(call[0]));
    expect(logged.filter((line) => line.includes(missing.id))).toHaveLength(1);
    expect(logged.filter((line) => line.includes(resized.id))).toHaveLength(1);
    expect(logged.some((line) => line.includes(healthy.id))).toBe(false);
    for (const id of [missing.id, resized.id, healthy.id]) expect(await documentRow(id)).not.toBeNull();
    // The resized file is still referenced, so it is reported, not collected or repaired.
    expect(await pathExists((await storedPaths(resized.id)).original)).toBe(true);

    const listing = (await (await user.api("GET", "/api/trash/documents")).json()) as {
      documents: { id: string; contentMissing: boolean }[];
    };
    expect(listing.documents).toEqual([expect.objectContaining({ id: resized.id, contentMissing: true })]);
    const shelf = (await (await user.api("GET", `/api/projects/${projectId}/documents`)).json()) as {
      documents: { id: string; contentMissing: boolean }[];
    };
    expect(shelf.documents.find((d) => d.id === missing.id)?.contentMissing).toBe(true);
  });

  it("runs on the trash listing, reconciling storage at most once per interval", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const staging = projectStagingDir({ userId: user.id, projectId });
    const first = await writeTree(path.join(staging, "crashed-upload"));
    await age(first);
    expect((await user.api("GET", "/api/trash/documents")).status).toBe(200);
    expect(await pathExists(first)).toBe(false);

    // Within the interval the listing still purges expired trash but leaves storage alone.
    const second = await writeTree(path.join(staging, "another-crash"));
    await age(second);
    expect((await user.api("GET", "/api/trash/documents")).status).toBe(200);
    expect(await pathExists(second)).toBe(true);

    const later = Date.now() + LISTING_RECONCILE_INTERVAL_MS;
    vi.spyOn(Date, "now").mockReturnValue(later);
    expect((await user.api("GET", "/api/trash/documents")).status).toBe(200);
    expect(await pathExists(second)).toBe(false);
  });

  it("at start-up, sweeps every known user and leaves folders of users this database does not know", async () => {
    const first = await signUp("First");
    const second = await signUp("Second");
    const leftovers = await Promise.all(
      [first, second].map(async (user) =>
        writeTree(path.join(projectStagingDir({ userId: user.id, projectId: await newProject(user.api) }), "crashed")),
      ),
    );
    const stranger = path.join(usersRoot(), `unknown-${crypto.randomUUID()}`);
    const strangerFile = await writeTree(path.join(stranger, "projects", "p", "documents", ".staging", "theirs"));
    for (const file of [...leftovers, strangerFile]) await age(file);

    await sweepAllUsers();
    for (const file of leftovers) expect(await pathExists(file)).toBe(false);
    expect(await pathExists(strangerFile)).toBe(true);
  });
});
