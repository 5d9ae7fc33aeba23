import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import yauzl from "yauzl";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { documentFolderPath, originalRelpath } from "@/lib/storage/layout";
import { newProject, trashedDocument, uploadDocument } from "../support/shelf-fixtures";
import { signUp, type Api } from "../support/route-client";
import { withStubModel } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";
import { json } from "../support/fixtures";

// Export an account with everything a person builds up (projects, an archived one,
// multibyte instructions, a converted PDF, a binary, a trashed document, chats with tool
// calls, uploads and outputs), import it into a fresh account, and compare what a user sees.

const { stub } = withStubModel();
const fixture = (name: string) => readFile(path.join("tests/fixtures/thread-files", name));
/** The JSON body of a response that must have succeeded. */
const okJson = async (res: Response) => {
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return json(res);
};
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

async function exportZip(api: Api, query = ""): Promise<Buffer> {
  const res = await api("GET", `/api/export${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="workspace-export-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return bytes(res);
}

async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on("entry", async (entry: yauzl.Entry) => {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        file.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    file.on("end", () => resolve());
    file.on("error", reject);
    file.readEntry();
  });
  return entries;
}

async function importZip(api: Api, zip: Buffer): Promise<Response> {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(zip)], "export.zip", { type: "application/zip" }));
  return api("POST", "/api/import", { body });
}

/** Everything the user sees of an account, keyed by names (ids differ after import). */
async function snapshot(api: Api) {
  const { projects } = await okJson(await api("GET", "/api/projects"));
  const view: Record<string, unknown> = {};
  for (const project of projects) {
    const { documents } = await okJson(await api("GET", `/api/projects/${project.id}/documents?limit=1000`));
    const shelf = [];
    for (const d of documents) {
      const content = await bytes(
        await api("GET", `/api/projects/${project.id}/documents/${d.id}/content?download=true`),
      );
      const markdown = await api("GET", `/api/projects/${project.id}/documents/${d.id}/content?as=markdown`);
      shelf.push({
        name: d.name,
        sha256: d.sha256,
        sizeBytes: d.sizeBytes,
        source: d.sourceKind ? { kind: d.sourceKind, name: d.sourceName, hasThread: d.sourceThreadId !== null } : null,
        content: content.toString("base64"),
        markdown: markdown.status === 200 ? await markdown.text() : markdown.status,
      });
    }
    view[`project ${project.name.replace(/ \(2\)$/, "")}`] = {
      instructions: project.instructions,
      status: project.status,
      threadCount: project.threadCount,
      shelf,
    };
  }
  const { threads } = await okJson(await api("GET", "/api/threads?limit=200"));
  for (const thread of threads) {
    const project = thread.projectId
      ? projects.find((p: { id: string }) => p.id === thread.projectId).name.replace(/ \(2\)$/, "")
      : null;
    const { messages } = await okJson(await api("GET", `/api/threads/${thread.id}/messages`));
    const files: Record<string, string> = {};
    for (const kind of ["uploads", "outputs"]) {
      const { files: listed } = await okJson(await api("GET", `/api/threads/${thread.id}/${kind}`));
      for (const file of listed)
        files[`${kind}/${file.filename}`] = (await bytes(await api("GET", file.artifactUrl))).toString("base64");
    }
    view[`chat ${thread.title}`] = {
      project,
      messages: messages.map((m: { role: string; parts: unknown; metadata: unknown }) => ({
        role: m.role,
        parts: m.parts,
        metadata: m.metadata,
      })),
      files,
    };
  }
  const { documents: trash } = await okJson(await api("GET", "/api/trash/documents"));
  view.trash = trash.map((d: { name: string; sha256: string; origin: { projectName: string } }) => ({
    name: d.name,
    sha256: d.sha256,
    origin: d.origin.projectName.replace(/ \(2\)$/, ""),
  }));
  return view;
}

describe("export and import", () => {
  it("carries an account into a fresh one: projects, shelf, trash, chats, files, byte for byte", async () => {
    const alice = await signUp("Alice");
    const api = alice.api;
    const alpha = await newProject(api, "Alpha / 計画");
    await okJson(await api("PATCH", `/api/projects/${alpha}`, { json: { instructions: "用中文回答。Résumé ✓ — 🚀" } }));
    await uploadDocument(api, alpha, "hello.pdf", new Uint8Array(await fixture("hello.pdf")));
    await uploadDocument(api, alpha, "blob.bin", new Uint8Array(randomBytes(4096)));
    await trashedDocument(api, alpha, "gone.txt", "trashed but kept");
    const old = await newProject(api, "Old");
    await uploadDocument(api, old, "old notes.md", "# Old\n旧的");

    const { thread } = await okJson(
      await api("POST", "/api/threads", { json: { projectId: alpha, title: "Planning" } }),
    );
    const upload = new FormData();
    upload.append("files", new File([new Uint8Array(await fixture("hello.docx"))], "brief.docx"));
    expect((await api("POST", `/api/threads/${thread.id}/uploads`, { body: upload })).status).toBe(201);
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "write_output_file", arguments: { name: "summary.md", content: "# 摘要\nAll good." } }],
      },
      { type: "text", text: "Wrote the summary." },
    );
    const run = await api("POST", `/api/threads/${thread.id}/runs`, {
      json: { message: { text: "Summarise, please", attachments: ["brief.docx"] } },
    });
    expect((await readUiStream(run)).text).toBe("Wrote the summary.");
    await json(
      await api("POST", `/api/projects/${alpha}/documents/from-thread`, {
        json: { threadId: thread.id, kind: "output", name: "summary.md" },
      }),
    );
    await okJson(await api("POST", "/api/threads", { json: { title: "Loose chat" } }));
    await okJson(await api("POST", `/api/projects/${old}/archive`));

    const zip = await exportZip(api, "?trash=true");
    const entries = await zipEntries(zip);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString("utf8"));
    expect(manifest.formatVersion).toBe(1);
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining([
        "projects/Alpha _ 計画/documents/hello.pdf",
        "projects/Old/documents/old notes.md",
        "trash/gone.txt",
        "threads/Planning/uploads/brief.docx",
        "threads/Planning/outputs/summary.md",
        "threads/Planning.md",
      ]),
    );
    const transcript = entries.get("threads/Planning.md")!.toString("utf8");
    expect(transcript).toContain("# Planning");
    expect(transcript).toContain("Summarise, please");
    expect(transcript).toContain("> Tool `write_output_file`");
    expect(transcript).toContain("Attached: brief.docx");

    const before = await snapshot(api);
    // The comparison below is only as good as what the snapshot holds: check it holds it all.
    expect(before["project Alpha / 計画"]).toMatchObject({
      instructions: "用中文回答。Résumé ✓ — 🚀",
      status: "active",
      threadCount: 1,
      shelf: expect.arrayContaining([
        expect.objectContaining({
          name: "hello.pdf",
          markdown: expect.stringContaining("The pdf fixture says hello."),
        }),
        expect.objectContaining({ name: "blob.bin", markdown: 422 }),
        expect.objectContaining({
          name: "summary.md",
          source: { kind: "output", name: "summary.md", hasThread: true },
        }),
      ]),
    });
    expect(before["project Old"]).toMatchObject({
      status: "archived",
      shelf: [expect.objectContaining({ name: "old notes.md" })],
    });
    expect(before["chat Planning"]).toMatchObject({
      project: "Alpha / 計画",
      files: { "uploads/brief.docx": expect.any(String), "outputs/summary.md": expect.any(String) },
    });
    const planning = before["chat Planning"] as { messages: { parts: { type: string }[] }[] };
    expect(planning.messages.flatMap((m) => m.parts.map((p) => p.type))).toEqual(
      expect.arrayContaining(["text", "tool-write_output_file"]),
    );
    expect(before.trash).toEqual([expect.objectContaining({ name: "gone.txt", origin: "Alpha / 計画" })]);
    const bob = await signUp("Bob");
    const res = await importZip(bob.api, zip);
    expect(res.status).toBe(201);
    // Alice's three projects (her first one included); five documents (one trashed); two chats.
    expect(await res.json()).toEqual({ projects: 3, documents: 5, threads: 2 });
    const after = await snapshot(bob.api);
    expect(after).toEqual(before);

    // Bob's own first project kept its name; Alice's came in beside it, made unique.
    const { projects } = await okJson(await bob.api("GET", "/api/projects"));
    expect(projects.map((p: { name: string }) => p.name).sort()).toEqual([
      "Alpha / 計画",
      "My first project",
      "My first project (2)",
      "Old",
    ]);

    // Without ?trash=true the trash stays home.
    const withoutTrash = await zipEntries(await exportZip(api));
    expect([...withoutTrash.keys()].some((name) => name.startsWith("trash/"))).toBe(false);
    expect(
      JSON.parse(withoutTrash.get("manifest.json")!.toString()).documents.some((d: { trashed: unknown }) => d.trashed),
    ).toBe(false);
  });

  it("exports a shelf larger than one page of rows, each document once, even when they share a timestamp", async () => {
    const user = await signUp("Many");
    const projectId = await newProject(user.api, "Many");
    const db = await getDb();
    const createdAt = new Date("2026-02-01T00:00:00.000Z");
    const rows = Array.from({ length: 1100 }, (_, i) => {
      const content = Buffer.from(`document ${i}`);
      const location = {
        projectId,
        sha256: createHash("sha256").update(content).digest("hex"),
        documentId: randomUUID(),
      };
      const original = path.join(documentFolderPath({ userId: user.id, ...location }), "original", `doc-${i}.txt`);
      mkdirSync(path.dirname(original), { recursive: true });
      writeFileSync(original, content);
      return {
        id: location.documentId,
        projectId,
        userId: user.id,
        name: `doc-${i}.txt`,
        storedRelpath: originalRelpath(location, `doc-${i}.txt`),
        sha256: location.sha256,
        sizeBytes: BigInt(content.length),
        createdAt,
      };
    });
    await db.projectDocument.createMany({ data: rows });
    const entries = await zipEntries(await exportZip(user.api));
    const manifest = JSON.parse(entries.get("manifest.json")!.toString());
    expect(manifest.documents).toHaveLength(1100);
    expect(new Set(manifest.documents.map((d: { name: string }) => d.name)).size).toBe(1100);
    expect(entries.get("projects/Many/documents/doc-1099.txt")!.toString()).toBe("document 1099");
  });

  it("exports only the caller's own data", async () => {
    const alice = await signUp("Alice");
    const project = await newProject(alice.api, "Secret");
    await uploadDocument(alice.api, project, "secret.txt", "alice only");
    const eve = await signUp("Eve");
    const manifest = JSON.parse((await zipEntries(await exportZip(eve.api))).get("manifest.json")!.toString());
    expect(manifest.projects.map((p: { name: string }) => p.name)).toEqual(["My first project"]);
    expect(manifest.documents).toEqual([]);
  });
});
