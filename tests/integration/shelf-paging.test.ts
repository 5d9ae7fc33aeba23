import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { ListedDocument } from "@/lib/documents/document-dto";
import { signUp, type Api } from "../support/route-client";
import { newProject, trashDocument, uploadDocument } from "../support/shelf-fixtures";

// The shelf at scale through the real routes: keyset pages by cursor in every sort, pages that
// stay gap- and duplicate-free while the shelf changes between them, and the exact `total`
// kept on the project row while uploads, trash, restore and purge race.

interface Page {
  documents: ListedDocument[];
  total: number;
  nextOffset: number | null;
  nextCursor: string | null;
  error?: { code: string; details?: { path: string }[] };
}

async function list(api: Api, projectId: string, query: Record<string, string | number> = {}): Promise<Page> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return (await api("GET", `/api/projects/${projectId}/documents?${params}`)).json() as Promise<Page>;
}

/** Follows nextCursor to the end; `between` runs after each page (to change the shelf). */
async function allByCursor(
  api: Api,
  projectId: string,
  query: Record<string, string | number>,
  between?: (pageIndex: number) => Promise<void>,
): Promise<ListedDocument[]> {
  const seen: ListedDocument[] = [];
  let cursor: string | null = null;
  for (let pageIndex = 0; ; pageIndex++) {
    const page = await list(api, projectId, { ...query, ...(cursor ? { cursor } : {}) });
    expect(page.error).toBeUndefined();
    seen.push(...page.documents);
    cursor = page.nextCursor;
    if (!cursor) return seen;
    await between?.(pageIndex);
  }
}

const ids = (documents: { id: string }[]) => documents.map((document) => document.id);

async function shelfWithVariety(api: Api, count: number): Promise<{ projectId: string; uploaded: ListedDocument[] }> {
  const projectId = await newProject(api);
  const uploaded: ListedDocument[] = [];
  // Sizes repeat and names differ in case only, so ties on every key must fall to the id.
  for (let i = 0; i < count; i++)
    uploaded.push(
      await uploadDocument(
        api,
        projectId,
        `${i % 2 ? "Doc" : "doc"}-${String(i % 7).padStart(2, "0")}-${i}.txt`,
        String(i).padStart(2, "0") + "x".repeat(i % 4),
      ),
    );
  return { projectId, uploaded };
}

function expectedOrder(documents: ListedDocument[], sort: string, order: string): string[] {
  const key = (d: ListedDocument): string | number =>
    sort === "name" ? d.name.toLowerCase() : sort === "size" ? d.sizeBytes : Date.parse(d.updatedAt);
  const defaultDesc = sort !== "name";
  const forwards = (order === "desc") === defaultDesc;
  return [...documents]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka !== kb) return (ka < kb ? -1 : 1) * (order === "asc" ? 1 : -1);
      return (a.id < b.id ? -1 : 1) * (forwards ? 1 : -1);
    })
    .map((d) => d.id);
}

describe("shelf paging", () => {
  it("cursor pages in every sort and order concatenate to the whole shelf in that order", async () => {
    const user = await signUp();
    const { projectId, uploaded } = await shelfWithVariety(user.api, 14);
    for (const sort of ["updated", "name", "size"]) {
      for (const order of ["asc", "desc"]) {
        const paged = await allByCursor(user.api, projectId, { sort, order, limit: 3 });
        expect(ids(paged), `${sort} ${order}`).toEqual(expectedOrder(uploaded, sort, order));
        const byOffset = await list(user.api, projectId, { sort, order, limit: 5, offset: 5 });
        expect(ids(byOffset.documents)).toEqual(ids(paged).slice(5, 10));
        expect(byOffset.nextOffset).toBe(10);
      }
    }
    // The default order stays the first release's: updatedAt DESC, id ASC.
    const first = await list(user.api, projectId, { limit: 100 });
    expect(ids(first.documents)).toEqual(expectedOrder(uploaded, "updated", "desc"));
    expect(first).toMatchObject({ total: 14, nextOffset: null, nextCursor: null });
  });

  it("has no gap and no duplicate while documents are added and trashed between pages", async () => {
    const user = await signUp();
    const { projectId } = await shelfWithVariety(user.api, 12);
    const before = ids((await list(user.api, projectId, { limit: 100 })).documents);
    const trashed: string[] = [];
    const added: string[] = [];
    const paged = await allByCursor(user.api, projectId, { limit: 4 }, async (pageIndex) => {
      added.push((await uploadDocument(user.api, projectId, `new-${pageIndex}.txt`, `new ${pageIndex}`)).id);
      // Trash one not yet listed (the last of the original order) and one already listed.
      const unseen = before.filter((id) => !trashed.includes(id)).at(-1)!;
      await trashDocument(user.api, projectId, unseen);
      trashed.push(unseen);
    });
    // New documents sort before the cursor (newest first), so none appears; every original
    // document not trashed before its turn appears exactly once, in order.
    expect(ids(paged).filter((id) => added.includes(id))).toEqual([]);
    expect(ids(paged)).toEqual(before.filter((id) => !trashed.includes(id)));
    expect(new Set(ids(paged)).size).toBe(paged.length);
  });

  it("refuses a cursor from another listing and a malformed one with 422, and offset beside a cursor", async () => {
    const user = await signUp();
    const { projectId } = await shelfWithVariety(user.api, 3);
    const { nextCursor } = await list(user.api, projectId, { limit: 1 });
    expect(nextCursor).toEqual(expect.any(String));
    const refused: Record<string, string>[] = [
      { cursor: nextCursor!, sort: "name" },
      { cursor: nextCursor!, order: "asc" },
      { cursor: nextCursor!, q: "doc" },
      { cursor: "not-a-cursor" },
      { cursor: nextCursor!, offset: "2" },
      { sort: "random" },
      { order: "up" },
      { q: "" },
      { q: "x".repeat(201) },
    ];
    for (const query of refused) {
      const res = await user.api("GET", `/api/projects/${projectId}/documents?${new URLSearchParams(query)}`);
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
    // A forged key of the right shape for another project's cursor cannot reach it: scoping is in SQL.
    const other = await signUp();
    expect((await other.api("GET", `/api/projects/${projectId}/documents?cursor=${nextCursor}`)).status).toBe(404);
  });

  it("keeps total exact while uploads, trash, restore and purge race", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const seed = await Promise.all(
      Array.from({ length: 8 }, (_, i) => uploadDocument(user.api, projectId, `seed-${i}.txt`, `seed ${i}`)),
    );
    for (const document of seed.slice(0, 4)) await trashDocument(user.api, projectId, document.id);
    const racers = [
      ...Array.from({ length: 6 }, (_, i) => () => uploadDocument(user.api, projectId, `race-${i}.txt`, `race ${i}`)),
      // The same bytes twice: one row, one count.
      () => uploadDocument(user.api, projectId, "twin-a.txt", "twin"),
      () => uploadDocument(user.api, projectId, "twin-b.txt", "twin"),
      ...seed.slice(4).map((document) => () => trashDocument(user.api, projectId, document.id)),
      ...seed
        .slice(0, 2)
        .map((document) => () => user.api("POST", `/api/trash/documents/${document.id}/restore`, { json: {} })),
      ...seed.slice(2, 4).map((document) => () => user.api("POST", `/api/trash/documents/${document.id}/purge`)),
    ];
    await Promise.all(racers.map((run) => run()));
    const live = await (await getDb()).projectDocument.count({ where: { projectId, trashedAt: null } });
    expect(live).toBe(6 + 1 + 2);
    expect((await list(user.api, projectId)).total).toBe(live);
    const project = (await (await user.api("GET", `/api/projects/${projectId}`)).json()) as {
      project: { documentCount: number };
    };
    expect(project.project.documentCount).toBe(live);
    // Deleting the project trashes its shelf in one statement; restoring one elsewhere counts there.
    const target = await newProject(user.api);
    await user.api("DELETE", `/api/projects/${projectId}`);
    expect(
      (
        await (
          await user.api("POST", `/api/trash/documents/${seed[0]!.id}/restore`, { json: { projectId: target } })
        ).json()
      ).outcome,
    ).toBe("restored");
    expect((await list(user.api, target)).total).toBe(1);
  });
});
