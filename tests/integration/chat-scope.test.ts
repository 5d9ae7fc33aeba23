import { describe, expect, it } from "vitest";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { signUp, type Api } from "../support/route-client";
import { contentText, withStubModel, type ChatRequest } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";
import { newProject } from "../support/shelf-fixtures";
import { photoJpeg } from "../support/image-fixtures";

// A chat's scope (docs/architecture.md § "Shelf folders and chat scope"): the index, the three
// shelf tools, search and the context endpoint see only the scope's folders (with their subfolders)
// and documents, by the one SQL predicate; outside the scope is exactly as absent as another user's
// document; a move to another project clears it.

type Json = Record<string, any>;
const { stub, streamingRequests } = withStubModel();

async function folder(api: Api, projectId: string, name: string, parentId?: string): Promise<string> {
  return (await (await api("POST", `/api/projects/${projectId}/folders`, { json: { name, parentId } })).json()).folder
    .id;
}
async function uploadAt(api: Api, projectId: string, path: string, content: string | Uint8Array): Promise<Json> {
  const body = new FormData();
  body.append("path", path);
  body.append(
    "file",
    new File([typeof content === "string" ? content : new Uint8Array(content)], path.split("/").at(-1)!),
  );
  const res = await api("POST", `/api/projects/${projectId}/documents`, { body });
  expect(res.status).toBe(201);
  return (await res.json()).document;
}
async function chat(api: Api, projectId: string): Promise<Json> {
  return (await (await api("POST", "/api/threads", { json: { projectId } })).json()).thread;
}
const setScope = (api: Api, threadId: string, scope: Json | null) =>
  api("PATCH", `/api/threads/${threadId}`, { json: { scope } });
async function run(api: Api, threadId: string) {
  return readUiStream(await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "go" } } }));
}
function toolResults(request: ChatRequest): Json[] {
  return request.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(contentText(m) || m.content));
}

/** A shelf of four documents: two in Alpha (one in a subfolder), one in Beta, one at the root. */
async function shelf(api: Api) {
  const p = await newProject(api);
  const alpha = await folder(api, p, "Alpha");
  const sub = await folder(api, p, "Sub", alpha);
  const beta = await folder(api, p, "Beta");
  const a1 = await uploadAt(api, p, "Alpha/a1.txt", "alpha secret one");
  const a2 = await uploadAt(api, p, "Alpha/Sub/a2.txt", "alpha secret two");
  const b1 = await uploadAt(api, p, "Beta/b1.txt", "beta secret");
  const r1 = await uploadAt(api, p, "r1.txt", "root secret");
  await searchIndexingSettled();
  return { p, alpha, sub, beta, a1, a2, b1, r1 };
}

describe("a chat's scope", () => {
  it("is set on the chat, checked against its own project, cleared by null and by a move", async () => {
    const { api } = await signUp();
    const s = await shelf(api);
    const t = await chat(api, s.p);
    expect(t.scope).toBeNull();
    const res = await setScope(api, t.id, { folderIds: [s.alpha], documentIds: [s.r1.id] });
    expect(res.status).toBe(200);
    expect((await res.json()).thread.scope).toEqual({ folderIds: [s.alpha], documentIds: [s.r1.id] });
    expect((await (await api("GET", `/api/threads/${t.id}`)).json()).thread.scope).toEqual({
      folderIds: [s.alpha],
      documentIds: [s.r1.id],
    });

    // Another project's folder or document, or another user's: 404, and the scope stays.
    const other = await shelf(api);
    expect((await setScope(api, t.id, { folderIds: [other.alpha], documentIds: [] })).status).toBe(404);
    expect((await setScope(api, t.id, { folderIds: [], documentIds: [other.r1.id] })).status).toBe(404);
    const stranger = await signUp();
    expect((await setScope(stranger.api, t.id, null)).status).toBe(404);
    expect((await setScope(api, t.id, { folderIds: ["x"] })).status).toBe(422);
    const loose = (await (await api("POST", "/api/threads", { json: {} })).json()).thread;
    expect((await setScope(api, loose.id, { folderIds: [s.alpha], documentIds: [] })).status).toBe(422);
    expect((await setScope(api, loose.id, null)).status).toBe(200);

    // Both empty is no scope at all.
    const cleared = await setScope(api, t.id, { folderIds: [], documentIds: [] });
    expect((await cleared.json()).thread.scope).toBeNull();
    await setScope(api, t.id, { folderIds: [s.beta], documentIds: [] });
    const moved = await api("POST", `/api/threads/${t.id}/move`, { json: { projectId: other.p } });
    expect((await moved.json()).thread).toMatchObject({ projectId: other.p, scope: null });
  });

  it("limits the context endpoint, the index and every shelf tool, and no request carries an id outside it", async () => {
    const { api } = await signUp();
    const s = await shelf(api);
    const t = await chat(api, s.p);
    await setScope(api, t.id, { folderIds: [s.alpha], documentIds: [s.r1.id] });

    const context = await (await api("GET", `/api/threads/${t.id}/context`)).json();
    expect(context.index).toMatchObject({ entries: 3, totalDocuments: 3, truncated: false });
    expect(context.scope).toEqual({
      folderIds: [s.alpha],
      documentIds: [s.r1.id],
      folders: [{ id: s.alpha, path: "Alpha" }],
      documents: [{ id: s.r1.id, name: "r1.txt" }],
    });
    // The project's own context (no chat) still sees the whole shelf.
    expect((await (await api("GET", `/api/projects/${s.p}/context`)).json()).index.totalDocuments).toBe(4);

    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "list_project_documents", arguments: {} }] },
      { type: "tool-calls", calls: [{ name: "list_project_documents", arguments: { folder: "alpha/sub" } }] },
      { type: "tool-calls", calls: [{ name: "list_project_documents", arguments: { folder: "Beta" } }] },
      { type: "tool-calls", calls: [{ name: "search_project_documents", arguments: { query: "secret" } }] },
      { type: "text", text: "done" },
    );
    await run(api, t.id);
    const requests = streamingRequests();
    expect(requests).toHaveLength(5);
    const index = contentText(requests[0]!.messages.find((m) => contentText(m).startsWith("<project "))!);
    expect(index).toContain('<documents count="3" shown="3">');
    expect(index).toContain(`- id=${s.a1.id} | Alpha/a1.txt`);
    expect(index).toContain(`- id=${s.a2.id} | Alpha/Sub/a2.txt`);
    expect(index).toContain(`- id=${s.r1.id} | r1.txt`);
    for (const request of requests) expect(JSON.stringify(request)).not.toContain(s.b1.id);

    const [listed, inSub, inBeta, searched] = toolResults(requests[4]!);
    expect(listed.total).toBe(3);
    expect(listed.documents.map((d: Json) => [d.name, d.folder])).toEqual([
      ["r1.txt", null],
      ["a2.txt", "Alpha/Sub"],
      ["a1.txt", "Alpha"],
    ]);
    expect(inSub.documents.map((d: Json) => d.id)).toEqual([s.a2.id]);
    expect(inBeta).toMatchObject({ total: 0, documents: [] });
    expect(searched.results.map((r: Json) => [r.name, r.folder]).sort()).toEqual([
      ["a1.txt", "Alpha"],
      ["a2.txt", "Alpha/Sub"],
      ["r1.txt", null],
    ]);
  });

  it("answers a read outside the scope exactly as a read of another user's document", async () => {
    const { api } = await signUp();
    const s = await shelf(api);
    const foreign = await shelf((await signUp()).api);
    const t = await chat(api, s.p);
    await setScope(api, t.id, { folderIds: [s.sub], documentIds: [] });
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: s.a2.id } }] },
      { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: s.a1.id } }] },
      { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: foreign.b1.id } }] },
      { type: "text", text: "done" },
    );
    await run(api, t.id);
    const [inside, outside, other] = toolResults(streamingRequests().at(-1)!);
    expect(inside).toMatchObject({ name: "a2.txt", content: "alpha secret two" });
    expect(outside.error).toBeDefined();
    expect(outside.error.replace(s.a1.id, "ID")).toBe(other.error.replace(foreign.b1.id, "ID"));

    // The scope is read at admission: widened, the next run reads it.
    await setScope(api, t.id, null);
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: s.a1.id } }] },
      { type: "text", text: "done" },
    );
    await run(api, t.id);
    expect(toolResults(streamingRequests().at(-1)!).at(-1)).toMatchObject({ name: "a1.txt" });
  });

  it("answers view_image outside the scope exactly as view_image of another user's image", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const alpha = await folder(api, p, "Alpha");
    await folder(api, p, "Beta");
    const inside = await uploadAt(api, p, "Alpha/inside.png", await photoJpeg(40, 30, "png"));
    const outside = await uploadAt(api, p, "Beta/outside.png", await photoJpeg(41, 30, "png"));
    const stranger = (await signUp()).api;
    const foreign = await uploadAt(stranger, await newProject(stranger), "theirs.png", await photoJpeg(42, 30, "png"));
    const t = await chat(api, p);
    await setScope(api, t.id, { folderIds: [alpha], documentIds: [] });
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [
          { name: "view_image", arguments: { documentId: inside.id } },
          { name: "view_image", arguments: { documentId: outside.id } },
          { name: "view_image", arguments: { documentId: foreign.id } },
        ],
      },
      { type: "text", text: "done" },
    );
    await run(api, t.id);
    const [seen, out, other] = toolResults(streamingRequests().at(-1)!);
    expect(seen).toMatchObject({ name: "inside.png", width: 40, height: 30 });
    expect(out.error).toBeDefined();
    expect(out.error.replace(outside.id, "ID")).toBe(other.error.replace(foreign.id, "ID"));
    expect(JSON.stringify(streamingRequests())).not.toContain("outside.png");
  });
});
