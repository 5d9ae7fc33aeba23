import { describe, expect, it } from "vitest";
import { signUp } from "../support/route-client";
import { json } from "../support/fixtures";

describe("threads API", () => {
  it("creates chats in and out of projects, lists them newest first and by project, renames and deletes", async () => {
    const { api } = await signUp();
    const { project } = await json(await api("POST", "/api/projects", { json: { name: "P" } }));
    const loose = await api("POST", "/api/threads", { json: {} });
    expect(loose.status).toBe(201);
    const { thread: free } = await json(loose);
    expect(free).toMatchObject({ title: "", projectId: null });
    const { thread: member } = await json(
      await api("POST", "/api/threads", { json: { projectId: project.id, title: " Plan " } }),
    );
    expect(member).toMatchObject({ title: "Plan", projectId: project.id });

    const all = await json(await api("GET", "/api/threads"));
    expect(all.total).toBe(2);
    expect(all.threads.map((t: any) => t.id)).toEqual([member.id, free.id]);
    expect(all.nextOffset).toBeNull();

    const paged = await json(await api("GET", "/api/threads?limit=1"));
    expect(paged.threads).toHaveLength(1);
    expect(paged.nextOffset).toBe(1);

    const inProject = await json(await api("GET", `/api/threads?projectId=${project.id}`));
    expect(inProject.threads.map((t: any) => t.id)).toEqual([member.id]);

    const renamed = await json(await api("PATCH", `/api/threads/${free.id}`, { json: { title: "Renamed" } }));
    expect(renamed.thread.title).toBe("Renamed");

    expect((await api("DELETE", `/api/threads/${free.id}`)).status).toBe(204);
    expect((await api("GET", `/api/threads/${free.id}`)).status).toBe(404);
  });

  it("rejects out-of-range paging with 422 instead of clamping", async () => {
    const { api } = await signUp();
    for (const query of ["limit=0", "limit=201", "offset=-1", "limit=abc"]) {
      expect((await api("GET", `/api/threads?${query}`)).status, query).toBe(422);
    }
    expect((await api("GET", "/api/threads?limit=200&offset=0")).status).toBe(200);
  });

  it("moves a chat into an active project and out again; archived or missing targets are 404", async () => {
    const { api } = await signUp();
    const { project } = await json(await api("POST", "/api/projects", { json: { name: "Target" } }));
    const { project: archived } = await json(await api("POST", "/api/projects", { json: { name: "Shelved" } }));
    await api("POST", `/api/projects/${archived.id}/archive`);
    const { thread } = await json(await api("POST", "/api/threads", { json: {} }));

    const moved = await json(await api("POST", `/api/threads/${thread.id}/move`, { json: { projectId: project.id } }));
    expect(moved.thread.projectId).toBe(project.id);
    const intoArchived = await api("POST", `/api/threads/${thread.id}/move`, { json: { projectId: archived.id } });
    expect(intoArchived.status).toBe(404);
    expect((await json(await api("GET", `/api/threads/${thread.id}`))).thread.projectId).toBe(project.id);
    expect(
      (await api("POST", `/api/threads/${thread.id}/move`, { json: { projectId: "no-such-project" } })).status,
    ).toBe(404);
    const out = await json(await api("POST", `/api/threads/${thread.id}/move`, { json: { projectId: null } }));
    expect(out.thread.projectId).toBeNull();

    expect((await api("POST", "/api/threads", { json: { projectId: archived.id } })).status).toBe(404);
  });
});
