import path from "node:path";
import { readFile, stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signUp } from "../support/route-client";
import { documentRow, newProject, storedPaths, trashDocument, uploadDocument } from "../support/shelf-fixtures";

// Rows and files stay independent where the design says so: trash, restore and project
// delete are row operations that never move, rewrite or remove a stored file; and the shelf
// table carries no foreign key to projects (a trashed row outlives its project) and no
// dormant columns.

const docx = () => readFile(path.join(__dirname, "../fixtures/thread-files/hello.docx"));

async function fingerprint(file: string): Promise<string> {
  const s = await stat(file);
  return `${s.ino}:${s.size}:${s.mtimeMs}`;
}

describe("trash, restore and project delete", () => {
  it("never touch the stored original or its conversion", async () => {
    const { api } = await signUp();
    const first = await newProject(api);
    const second = await newProject(api);
    const document = await uploadDocument(api, first, "hello.docx", await docx());
    expect((await api("GET", `/api/projects/${first}/documents/${document.id}/content?as=markdown`)).status).toBe(200);
    const { original, folder } = await storedPaths(document.id);
    const converted = path.join(folder, "derived", "converted.md");
    const before = [await fingerprint(original), await fingerprint(converted)];
    const relpath = (await documentRow(document.id))!.storedRelpath;

    await trashDocument(api, first, document.id);
    expect([await fingerprint(original), await fingerprint(converted)]).toEqual(before);

    expect(
      (await api("POST", `/api/trash/documents/${document.id}/restore`, { json: { projectId: second } })).status,
    ).toBe(200);
    expect((await documentRow(document.id))!.storedRelpath).toBe(relpath);
    expect([await fingerprint(original), await fingerprint(converted)]).toEqual(before);

    expect((await api("DELETE", `/api/projects/${second}`)).status).toBe(200);
    expect((await documentRow(document.id))!.trashedAt).not.toBeNull();
    expect([await fingerprint(original), await fingerprint(converted)]).toEqual(before);
  });
});

describe("the shelf table", () => {
  it("has no foreign key on projectId and no dormant columns", async () => {
    const db = await getDb();
    const foreignKeys = await db.$queryRaw<{ column_name: string }[]>`
      SELECT kcu.column_name FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
      WHERE tc.table_name = 'project_document' AND tc.constraint_type = 'FOREIGN KEY'`;
    expect(foreignKeys.map((row) => row.column_name)).not.toContain("projectId");
    const columns = await db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'project_document'`;
    const names = columns.map((row) => row.column_name.toLowerCase());
    for (const dormant of ["mime", "mimetype", "is_text", "istext", "version", "deleted_by", "deletedby"])
      expect(names).not.toContain(dormant);
  });
});
