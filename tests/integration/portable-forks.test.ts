import { describe, expect, it } from "vitest";
import { newProject, uploadDocument } from "../support/shelf-fixtures";
import { signUp, type Api } from "../support/route-client";
import { json, type Json } from "../support/fixtures";

// Export and import carry a fork's origin (docs/architecture.md § "Fork, merge and transfer"): when
// the project it was forked from is in the same archive, the imported fork names the imported
// origin, and its forked notes say where they came from; an origin that is gone is no origin.

async function carried(from: Api, into: Api): Promise<Json[]> {
  const exported = await from("GET", "/api/export");
  expect(exported.status).toBe(200);
  const body = new FormData();
  body.append("file", new File([new Uint8Array(await exported.arrayBuffer())], "export.zip"));
  expect((await into("POST", "/api/import", { body })).status).toBe(201);
  return (await json(await into("GET", "/api/projects"))).projects;
}

describe("export and import of forks", () => {
  it("an imported fork names its imported origin, and its notes say which project they were forked from", async () => {
    const { api } = await signUp();
    const origin = await newProject(api, "Origin");
    await uploadDocument(api, origin, "shared.txt", "shared");
    await api("POST", `/api/projects/${origin}/notes`, { json: { text: "Metric units." } });
    const fork = (await json(await api("POST", `/api/projects/${origin}/fork`, { json: { name: "Fork" } }))).project;
    const orphanOrigin = await newProject(api, "Gone");
    await api("POST", `/api/projects/${orphanOrigin}/fork`, { json: { name: "Orphan" } });
    expect((await api("DELETE", `/api/projects/${orphanOrigin}`)).status).toBe(200);
    expect((await json(await api("GET", `/api/projects/${fork.id}`))).project.forkedFromId).toBe(origin);

    const fresh = await signUp();
    const projects = await carried(api, fresh.api);
    const byName = (name: string) => projects.find((p) => p.name === name)!;
    expect(byName("Fork").forkedFromId).toBe(byName("Origin").id);
    expect(byName("Origin").forkedFromId).toBeNull();
    expect(byName("Orphan").forkedFromId).toBeNull();
    const { notes } = await json(await fresh.api("GET", `/api/projects/${byName("Fork").id}/notes`));
    expect(notes).toEqual([
      expect.objectContaining({
        text: "Metric units.",
        forkedFrom: { projectId: byName("Origin").id, projectName: "Origin" },
      }),
    ]);
    const { documents } = await json(await fresh.api("GET", `/api/projects/${byName("Fork").id}/documents`));
    expect(documents.map((d: Json) => d.name)).toEqual(["shared.txt"]);
  });
});
