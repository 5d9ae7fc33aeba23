import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { trashClock } from "@/lib/trash/clock";
import { purgeTrashedDocument } from "@/lib/trash/purge-document";
import { retentionCutoff } from "@/lib/trash/retention";
import { sweepAllUsers } from "@/lib/trash/sweep";
import type { TrashedDocumentDto } from "@/lib/trash/trashed-document-dto";
import { signUp, type Api } from "../support/route-client";
import { documentRow, newProject, storedPaths, trashDocument, trashedDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// Retention at exactly TRASH_RETENTION_DAYS, with the clock injected. The chosen side of
// "exactly" (lib/trash/retention.ts): a row is kept while now < trashedAt + days and purged
// from that instant on, so `purgeAfter` is the first moment it may go. One second before it
// the row is listed; at it, and after it, the listing's sweep has purged it.

const DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

async function listed(api: Api): Promise<TrashedDocumentDto[]> {
  return ((await (await api("GET", "/api/trash/documents")).json()) as { documents: TrashedDocumentDto[] }).documents;
}

async function trashedAtOf(id: string): Promise<Date> {
  return (await documentRow(id))!.trashedAt!;
}

function standAt(when: Date): void {
  vi.spyOn(trashClock, "now").mockReturnValue(when);
}

function useRetentionDays(days: number): void {
  process.env.TRASH_RETENTION_DAYS = String(days);
  resetConfigForTests();
}

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.TRASH_RETENTION_DAYS;
  resetConfigForTests();
});

describe("retention boundary", () => {
  it("keeps a row one second before trashedAt + TRASH_RETENTION_DAYS, purges it exactly then", async () => {
    useRetentionDays(DAYS);
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "boundary.txt", "boundary");
    const trashedAt = await trashedAtOf(document.id);
    const deadline = new Date(trashedAt.getTime() + DAYS * DAY_MS);
    const { folder } = await storedPaths(document.id);

    standAt(new Date(deadline.getTime() - 1000));
    const before = await listed(user.api);
    expect(before.map((d) => d.id)).toEqual([document.id]);
    expect(before[0]!.purgeAfter).toBe(deadline.toISOString());
    expect((await (await user.api("GET", "/api/trash/documents")).json()).retentionDays).toBe(DAYS);

    standAt(deadline);
    expect(await listed(user.api)).toEqual([]);
    expect(await documentRow(document.id)).toBeNull();
    expect(await pathExists(folder)).toBe(false);
  });

  it("purges rows past the window and keeps younger ones in the same sweep", async () => {
    useRetentionDays(DAYS);
    const user = await signUp();
    const projectId = await newProject(user.api);
    const older = await trashedDocument(user.api, projectId, "older.txt", "older");
    const younger = await trashedDocument(user.api, projectId, "younger.txt", "younger");
    // The younger row was trashed a day after the older one.
    const olderAt = await trashedAtOf(older.id);
    await (
      await getDb()
    ).projectDocument.update({ where: { id: younger.id }, data: { trashedAt: new Date(olderAt.getTime() + DAY_MS) } });

    standAt(new Date(olderAt.getTime() + DAYS * DAY_MS + 1000));
    expect((await listed(user.api)).map((d) => d.id)).toEqual([younger.id]);
    expect(await documentRow(older.id)).toBeNull();
  });

  it("the listing purges only the caller's expired trash; the start-up sweep purges everyone's", async () => {
    useRetentionDays(DAYS);
    const owner = await signUp("Owner");
    const other = await signUp("Other");
    const mine = await trashedDocument(owner.api, await newProject(owner.api), "mine.txt", "mine");
    const theirs = await trashedDocument(other.api, await newProject(other.api), "theirs.txt", "theirs");
    standAt(new Date(Date.now() + (DAYS + 1) * DAY_MS));

    expect(await listed(owner.api)).toEqual([]);
    expect(await documentRow(mine.id)).toBeNull();
    expect(await documentRow(theirs.id)).not.toBeNull();

    const report = await sweepAllUsers();
    expect(report.purged).toBeGreaterThanOrEqual(1);
    expect(await documentRow(theirs.id)).toBeNull();
  });
});

describe("the guarded purge re-checks under the lock", () => {
  it("leaves a row that was restored and trashed again after the sweep picked it", async () => {
    useRetentionDays(DAYS);
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "again.txt", "again");
    const pickedAt = await trashedAtOf(document.id);
    const cutoff = retentionCutoff(new Date(pickedAt.getTime() + DAYS * DAY_MS), DAYS);

    // Between the sweep's selection and its lock: restored, then trashed again.
    expect((await user.api("POST", `/api/trash/documents/${document.id}/restore`)).status).toBe(200);
    await trashDocument(user.api, projectId, document.id);
    expect((await trashedAtOf(document.id)).getTime()).not.toBe(pickedAt.getTime());

    expect(
      await purgeTrashedDocument({ userId: user.id, documentId: document.id, guard: { trashedAt: pickedAt, cutoff } }),
    ).toBe("kept");
    expect(await documentRow(document.id)).not.toBeNull();
  });

  it("leaves a row not yet past the cutoff, and purges it once it is", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "young.txt", "young");
    const trashedAt = await trashedAtOf(document.id);
    const purgeWith = (cutoff: Date) =>
      purgeTrashedDocument({ userId: user.id, documentId: document.id, guard: { trashedAt, cutoff } });

    expect(await purgeWith(new Date(trashedAt.getTime() - 1))).toBe("kept");
    expect(await documentRow(document.id)).not.toBeNull();
    expect(await purgeWith(trashedAt)).toBe("purged");
    expect(await documentRow(document.id)).toBeNull();
  });

  it("is 404 for a row that is not in the trash", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await trashedDocument(user.api, projectId, "restored.txt", "restored");
    const trashedAt = await trashedAtOf(document.id);
    expect((await user.api("POST", `/api/trash/documents/${document.id}/restore`)).status).toBe(200);
    await expect(
      purgeTrashedDocument({ userId: user.id, documentId: document.id, guard: { trashedAt, cutoff: new Date() } }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await documentRow(document.id))?.trashedAt).toBeNull();
  });
});
