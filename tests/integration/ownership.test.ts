import { describe, expect, it } from "vitest";
import { signUp } from "../support/route-client";

// A second user gets exactly the response a missing resource gets, on every route.

describe("owner scoping", () => {
  it("answers 404 identical to a missing resource for another user's projects and threads", async () => {
    const owner = await signUp("Owner");
    const intruder = await signUp("Intruder");
    const { project } = await (await owner.api("POST", "/api/projects", { json: { name: "Private" } })).json();
    const { thread } = await (await owner.api("POST", "/api/threads", { json: { projectId: project.id } })).json();
    const { project: intruderProject } = await (
      await intruder.api("POST", "/api/projects", { json: { name: "Mine" } })
    ).json();
    const { thread: intruderThread } = await (await intruder.api("POST", "/api/threads", { json: {} })).json();
    const missing = "00000000-0000-4000-8000-000000000000";

    const cases: [string, (id: string) => string, unknown?][] = [
      ["GET", (id) => `/api/projects/${id}`],
      ["PATCH", (id) => `/api/projects/${id}`, { name: "Stolen" }],
      ["POST", (id) => `/api/projects/${id}/archive`],
      ["POST", (id) => `/api/projects/${id}/unarchive`],
      ["DELETE", (id) => `/api/projects/${id}`],
    ];
    for (const [method, path, body] of cases) {
      const foreign = await intruder.api(method, path(project.id), { json: body });
      const absent = await intruder.api(method, path(missing), { json: body });
      expect(foreign.status, `${method} ${path("…")}`).toBe(404);
      expect(await foreign.text()).toBe(await absent.text());
    }

    const threadCases: [string, (id: string) => string, unknown?][] = [
      ["GET", (id) => `/api/threads/${id}`],
      ["PATCH", (id) => `/api/threads/${id}`, { title: "Stolen" }],
      ["POST", (id) => `/api/threads/${id}/move`, { projectId: intruderProject.id }],
      ["DELETE", (id) => `/api/threads/${id}`],
    ];
    for (const [method, path, body] of threadCases) {
      const foreign = await intruder.api(method, path(thread.id), { json: body });
      const absent = await intruder.api(method, path(missing), { json: body });
      expect(foreign.status, `${method} ${path("…")}`).toBe(404);
      expect(await foreign.text()).toBe(await absent.text());
    }

    // Foreign projects as targets: creating in or moving into them is a 404 too.
    expect((await intruder.api("POST", "/api/threads", { json: { projectId: project.id } })).status).toBe(404);
    expect(
      (await intruder.api("POST", `/api/threads/${intruderThread.id}/move`, { json: { projectId: project.id } }))
        .status,
    ).toBe(404);
    // Listing by a foreign project id shows nothing.
    const listed = await (await intruder.api("GET", `/api/threads?projectId=${project.id}`)).json();
    expect(listed).toMatchObject({ threads: [], total: 0 });

    // The owner's data is untouched.
    const after = await (await owner.api("GET", `/api/projects/${project.id}`)).json();
    expect(after.project).toMatchObject({ name: "Private", status: "active", threadCount: 1 });
  });
});
