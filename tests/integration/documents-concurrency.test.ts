import path from "node:path";
import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { DocumentDto } from "@/lib/documents/document-dto";
import { projectDocumentsDir } from "@/lib/storage/layout";
import { signUp } from "../support/route-client";
import { newProject } from "../support/shelf-fixtures";

// Check-and-set under the project lock: racing requests through the real handlers, many
// rounds, asserting the invariants rather than one lucky interleaving.

const ROUNDS = 20;

function form(name: string, content: string): FormData {
  const body = new FormData();
  body.append("file", new File([content], name));
  return body;
}

/** Every file under a project's shelf except staging: {sha[:2]}/{sha}/{docId}/original/{name}. */
async function storedOriginals(userId: string, projectId: string): Promise<string[]> {
  const root = projectDocumentsDir({ userId, projectId });
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !path.relative(root, e.parentPath).startsWith(".staging"))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("concurrent shelf writes", () => {
  it("identical uploads at once: both succeed, one row and one file", async () => {
    const user = await signUp();
    for (let round = 0; round < ROUNDS; round++) {
      const projectId = await newProject(user.api);
      const content = `same content ${round}`;
      const [a, b] = await Promise.all([
        user.api("POST", `/api/projects/${projectId}/documents`, { body: form("a.txt", content) }),
        user.api("POST", `/api/projects/${projectId}/documents`, { body: form("b.txt", content) }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      const bodies = (await Promise.all([a.json(), b.json()])) as { document: DocumentDto }[];
      expect(bodies[0]!.document.id).toBe(bodies[1]!.document.id);
      const rows = await (await getDb()).projectDocument.count({ where: { projectId } });
      expect(rows).toBe(1);
      expect(await storedOriginals(user.id, projectId)).toHaveLength(1);
    }
  });

  it("upload racing project delete: a 404, or the new row is in the trash; never live in a deleted project", async () => {
    const user = await signUp();
    for (let round = 0; round < ROUNDS; round++) {
      const projectId = await newProject(user.api);
      const [upload, removal] = await Promise.all([
        user.api("POST", `/api/projects/${projectId}/documents`, { body: form("race.txt", `race ${round}`) }),
        // A growing head start for the upload, so rounds land on both sides of its commit.
        new Promise((resolve) => setTimeout(resolve, round * 3)).then(() =>
          user.api("DELETE", `/api/projects/${projectId}`),
        ),
      ]);
      expect(removal.status).toBe(200);
      const { trashedDocuments } = (await removal.json()) as { trashedDocuments: number };
      const rows = await (await getDb()).projectDocument.findMany({ where: { projectId } });
      expect(rows.filter((row) => row.trashedAt === null)).toEqual([]);
      if (upload.status === 404) {
        expect(rows).toEqual([]);
        expect(trashedDocuments).toBe(0);
      } else {
        expect(upload.status).toBe(201);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.trashOrigin).toEqual({ projectId, projectName: expect.any(String) });
        expect(trashedDocuments).toBe(1);
      }
    }
  });

  it("project delete returns trashedDocuments and leaves the bytes where they were", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    for (const name of ["one.txt", "two.txt", "three.txt"]) {
      expect((await user.api("POST", `/api/projects/${projectId}/documents`, { body: form(name, name) })).status).toBe(
        201,
      );
    }
    const list = (await (await user.api("GET", `/api/projects/${projectId}/documents`)).json()) as {
      documents: DocumentDto[];
    };
    await user.api("DELETE", `/api/projects/${projectId}/documents/${list.documents[0]!.id}`);
    const res = await user.api("DELETE", `/api/projects/${projectId}`);
    expect(await res.json()).toMatchObject({ trashedDocuments: 2 });
    expect(await storedOriginals(user.id, projectId)).toHaveLength(3);
    expect(await (await getDb()).projectDocument.count({ where: { projectId, trashedAt: null } })).toBe(0);
  });
});

describe("a failed insert", () => {
  it("removes only the folder it created; the other row with the same bytes keeps its own", async () => {
    const db = await getDb();
    // A real database failure at insert time, on both databases: a trigger refusing one name.
    await db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_marked_document() RETURNS trigger AS $$
      BEGIN
        IF NEW.name = 'refuse-me.txt' THEN RAISE EXCEPTION 'refused by test trigger'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`
      CREATE TRIGGER refuse_marked_document BEFORE INSERT ON "project_document"
      FOR EACH ROW EXECUTE FUNCTION refuse_marked_document()`);
    try {
      const user = await signUp();
      const projectId = await newProject(user.api);
      const first = await user.api("POST", `/api/projects/${projectId}/documents`, {
        body: form("kept.txt", "shared bytes"),
      });
      const { document } = (await first.json()) as { document: DocumentDto };
      // Trashed, so the next upload of the same bytes is not a dedup hit and gets its own folder.
      expect((await user.api("DELETE", `/api/projects/${projectId}/documents/${document.id}`)).status).toBe(204);

      const failed = await user.api("POST", `/api/projects/${projectId}/documents`, {
        body: form("refuse-me.txt", "shared bytes"),
      });
      expect(failed.status).toBe(500);
      expect(await failed.text()).not.toContain("refused by test trigger");
      const files = await storedOriginals(user.id, projectId);
      expect(files).toHaveLength(1);
      expect(files[0]).toContain(path.join(document.id, "original", "kept.txt"));
      const shaDir = path.join(
        projectDocumentsDir({ userId: user.id, projectId }),
        document.sha256.slice(0, 2),
        document.sha256,
      );
      expect(await readdir(shaDir)).toEqual([document.id]);
      expect(await readdir(path.join(projectDocumentsDir({ userId: user.id, projectId }), ".staging"))).toEqual([]);
      expect(await db.projectDocument.count({ where: { projectId } })).toBe(1);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_marked_document ON "project_document"`);
    }
  });
});
