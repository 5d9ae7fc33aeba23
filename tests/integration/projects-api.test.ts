import { describe, expect, it } from "vitest";
import { callApi, signUp } from "../support/route-client";
import { json } from "../support/fixtures";

describe("projects API", () => {
  it("gives a new account its first project and answers 401 without a session", async () => {
    const alice = await signUp("Alice");
    const list = await json(await alice.api("GET", "/api/projects"));
    expect(list.projects.map((p: { name: string }) => p.name)).toEqual(["My first project"]);
    expect(list.projects[0]).toMatchObject({ instructions: "", status: "active", threadCount: 0, documentCount: 0 });

    const anonymous = await callApi("GET", "/api/projects");
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).error.code).toBe("unauthorized");
  });

  it("creates, reads, renames and lists projects newest first", async () => {
    const { api } = await signUp();
    const created = await api("POST", "/api/projects", { json: { name: "  Roadmap  ", instructions: "Be brief." } });
    expect(created.status).toBe(201);
    const { project } = await json(created);
    expect(project).toMatchObject({ name: "Roadmap", instructions: "Be brief.", status: "active" });

    const renamed = await json(await api("PATCH", `/api/projects/${project.id}`, { json: { name: "Roadmap 2027" } }));
    expect(renamed.project.name).toBe("Roadmap 2027");
    expect(renamed.project.instructions).toBe("Be brief.");

    const fetched = await json(await api("GET", `/api/projects/${project.id}`));
    expect(fetched.project.name).toBe("Roadmap 2027");

    const list = await json(await api("GET", "/api/projects"));
    expect(list.projects[0].id).toBe(project.id);
  });

  it("validates names: trimmed, 1..128 characters, unique per user ignoring case", async () => {
    const { api } = await signUp();
    const other = await signUp();
    expect((await api("POST", "/api/projects", { json: { name: "   " } })).status).toBe(422);
    expect((await api("POST", "/api/projects", { json: { name: "x".repeat(129) } })).status).toBe(422);
    expect((await api("POST", "/api/projects", { json: { name: "x".repeat(128) } })).status).toBe(201);
    expect((await api("POST", "/api/projects", { json: { name: "Research" } })).status).toBe(201);
    const clash = await api("POST", "/api/projects", { json: { name: " RESEARCH " } });
    expect(clash.status).toBe(422);
    expect((await json(clash)).error.details[0].path).toBe("name");
    // Another user may use the same name.
    expect((await other.api("POST", "/api/projects", { json: { name: "Research" } })).status).toBe(201);
    // Renaming onto a taken name clashes too.
    const { project } = await json(await api("POST", "/api/projects", { json: { name: "Notes" } }));
    expect((await api("PATCH", `/api/projects/${project.id}`, { json: { name: "research" } })).status).toBe(422);
  });

  it("rejects instructions over the UTF-8 byte cap on create and patch, accepting exactly the cap", async () => {
    const { api } = await signUp();
    const cap = 8192; // the default PROJECT_INSTRUCTIONS_MAX_BYTES
    const exact = "語".repeat(2730) + "ab"; // 2730 three-byte characters + 2 bytes = 8192 bytes
    expect(new TextEncoder().encode(exact).length).toBe(cap);
    const over = exact.slice(0, -1) + "é"; // one byte over, by a 2-byte character

    const created = await api("POST", "/api/projects", { json: { name: "At cap", instructions: exact } });
    expect(created.status).toBe(201);
    expect((await json(created)).project.instructions).toBe(exact);

    const rejected = await api("POST", "/api/projects", { json: { name: "Over cap", instructions: over } });
    expect(rejected.status).toBe(422);
    expect((await json(rejected)).error.details[0].path).toBe("instructions");

    const { project } = await json(await api("POST", "/api/projects", { json: { name: "Patched" } }));
    expect((await api("PATCH", `/api/projects/${project.id}`, { json: { instructions: over } })).status).toBe(422);
    expect((await json(await api("GET", `/api/projects/${project.id}`))).project.instructions).toBe("");
    expect((await api("PATCH", `/api/projects/${project.id}`, { json: { instructions: exact } })).status).toBe(200);
  });

  it("answers malformed JSON with 400 and schema failures with 422 details", async () => {
    const { api } = await signUp();
    const malformed = await api("POST", "/api/projects", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.code).toBe("bad_request");
    const wrongType = await api("POST", "/api/projects", { json: { name: 42 } });
    expect(wrongType.status).toBe(422);
    expect((await json(wrongType)).error).toMatchObject({ code: "validation_failed", details: [{ path: "name" }] });
    expect((await api("GET", "/api/projects?status=deleted")).status).toBe(422);
  });

  it("archives and unarchives, and filters the list by status", async () => {
    const { api } = await signUp();
    const { project } = await json(await api("POST", "/api/projects", { json: { name: "Old" } }));
    const archived = await json(await api("POST", `/api/projects/${project.id}/archive`));
    expect(archived.project.status).toBe("archived");
    const activeNames = (await json(await api("GET", "/api/projects?status=active"))).projects.map((p: any) => p.name);
    const archivedNames = (await json(await api("GET", "/api/projects?status=archived"))).projects.map(
      (p: any) => p.name,
    );
    expect(activeNames).not.toContain("Old");
    expect(archivedNames).toEqual(["Old"]);
    expect((await json(await api("POST", `/api/projects/${project.id}/unarchive`))).project.status).toBe("active");
  });

  it("deletes a project, keeping its threads unlinked", async () => {
    const { api } = await signUp();
    const { project } = await json(await api("POST", "/api/projects", { json: { name: "Doomed" } }));
    const { thread: a } = await json(
      await api("POST", "/api/threads", { json: { projectId: project.id, title: "a" } }),
    );
    await api("POST", "/api/threads", { json: { projectId: project.id, title: "b" } });
    const before = await json(await api("GET", `/api/projects/${project.id}`));
    expect(before.project.threadCount).toBe(2);

    const res = await api("DELETE", `/api/projects/${project.id}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ unlinkedThreads: 2, trashedDocuments: 0 });
    expect((await api("GET", `/api/projects/${project.id}`)).status).toBe(404);
    const thread = await json(await api("GET", `/api/threads/${a.id}`));
    expect(thread.thread.projectId).toBeNull();
    expect(thread.thread.updatedAt).toBe(a.updatedAt);
    expect((await api("DELETE", `/api/projects/${project.id}`)).status).toBe(404);
  });
});
