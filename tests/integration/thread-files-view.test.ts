import path from "node:path";
import { utimes } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { threadFilesDir } from "@/lib/storage/layout";
import type { ThreadFileGroupPage } from "@/lib/thread-files/thread-file-dto";
import { writeThreadOutput } from "@/lib/thread-files/write-thread-output";
import { callApi, signUp, type Api } from "../support/route-client";
import { newProject } from "../support/shelf-fixtures";
import { json, newThread } from "../support/fixtures";

// The conversation-files view: a project's chats newest first, paged by threadLimit, each
// with its uploads and outputs newest first, cut at fileLimit and saying so.

const view = (api: Api, projectId: string, query = "") => api("GET", `/api/projects/${projectId}/thread-files${query}`);

async function uploadTo(api: Api, threadId: string, ...names: string[]): Promise<void> {
  const body = new FormData();
  for (const name of names) body.append("files", new File([`content of ${name}`], name));
  expect((await api("POST", `/api/threads/${threadId}/uploads`, { body })).status).toBe(201);
}

/** Pins a thread's updatedAt so the newest-first order is deterministic. */
async function touchThread(threadId: string, minutesAgo: number): Promise<void> {
  await (
    await getDb()
  ).$executeRaw`UPDATE "thread" SET "updatedAt" = ${new Date(Date.now() - minutesAgo * 60_000)} WHERE id = ${threadId}`;
}

async function setMtime(file: string, minutesAgo: number): Promise<void> {
  const when = new Date(Date.now() - minutesAgo * 60_000);
  await utimes(file, when, when);
}

describe("conversation files", () => {
  it("groups the project's chats newest first, pages them and caps files per chat with truncated", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const { id: older } = await newThread(user.api, { projectId, title: "Older chat" });
    const { id: empty } = await newThread(user.api, { projectId, title: "Empty chat" });
    const { id: newest } = await newThread(user.api, { projectId, title: "Newest chat" });
    const { id: outside } = await newThread(user.api, { projectId: null, title: "Not in the project" });
    await uploadTo(user.api, older, "a.txt", "b.txt");
    await writeThreadOutput({ userId: user.id, threadId: older, name: "summary.md", content: "# summary" });
    await uploadTo(user.api, newest, "only.txt");
    await uploadTo(user.api, outside, "elsewhere.txt");
    const uploads = threadFilesDir({ userId: user.id, threadId: older }, "uploads");
    await setMtime(path.join(uploads, "a.txt"), 30);
    await setMtime(path.join(uploads, "b.txt"), 20);
    await setMtime(path.join(threadFilesDir({ userId: user.id, threadId: older }, "outputs"), "summary.md"), 10);
    await touchThread(older, 3);
    await touchThread(empty, 2);
    await touchThread(newest, 1);

    const all = await json<ThreadFileGroupPage>(await view(user.api, projectId));
    expect(all.groups.map((g) => [g.threadId, g.title])).toEqual([
      [newest, "Newest chat"],
      [empty, "Empty chat"],
      [older, "Older chat"],
    ]);
    expect(all).toMatchObject({ nextOffset: null, truncated: false });
    const olderGroup = all.groups[2]!;
    expect(olderGroup.files.map((f) => [f.kind, f.filename])).toEqual([
      ["output", "summary.md"],
      ["upload", "b.txt"],
      ["upload", "a.txt"],
    ]);
    expect(olderGroup.files[0]).toMatchObject({
      sizeBytes: 9,
      virtualPath: "/mnt/user-data/outputs/summary.md",
      artifactUrl: `/api/threads/${older}/artifacts/outputs/summary.md`,
    });
    expect(olderGroup.truncated).toBe(false);
    expect(all.groups[1]).toMatchObject({ files: [], truncated: false });
    expect(Object.keys(all.groups[0]!).sort()).toEqual(["files", "threadId", "title", "truncated", "updatedAt"]);

    const first = await json<ThreadFileGroupPage>(await view(user.api, projectId, "?threadLimit=2&fileLimit=2"));
    expect(first.groups.map((g) => g.threadId)).toEqual([newest, empty]);
    expect(first).toMatchObject({ nextOffset: 2, truncated: false });
    const second = await json<ThreadFileGroupPage>(
      await view(user.api, projectId, "?offset=2&threadLimit=2&fileLimit=2"),
    );
    expect(second.groups.map((g) => g.threadId)).toEqual([older]);
    expect(second.groups[0]!.files.map((f) => f.filename)).toEqual(["summary.md", "b.txt"]);
    expect(second).toMatchObject({ nextOffset: null, truncated: true, groups: [{ truncated: true }] });
    expect((await json<ThreadFileGroupPage>(await view(user.api, projectId, "?offset=3"))).groups).toEqual([]);

    // Exactly at the cap is not a cut.
    expect(
      (await json<ThreadFileGroupPage>(await view(user.api, projectId, "?fileLimit=3"))).groups[2]!.truncated,
    ).toBe(false);
  });

  it("follows membership: a chat moved out disappears, and archived projects still list", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const { id: staying } = await newThread(user.api, { projectId, title: "Staying" });
    const { id: leaving } = await newThread(user.api, { projectId, title: "Leaving" });
    await uploadTo(user.api, staying, "kept.txt");
    expect((await user.api("POST", `/api/threads/${leaving}/move`, { json: { projectId: null } })).status).toBe(200);
    expect((await user.api("POST", `/api/projects/${projectId}/archive`)).status).toBe(200);
    const page = await json<ThreadFileGroupPage>(await view(user.api, projectId));
    expect(page.groups.map((g) => g.threadId)).toEqual([staying]);
    expect(page.groups[0]!.files.map((f) => f.filename)).toEqual(["kept.txt"]);
  });

  it("validates offset, threadLimit (1..50) and fileLimit (1..200) with 422, never clamping", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    for (const query of [
      "?offset=-1",
      "?threadLimit=0",
      "?threadLimit=51",
      "?fileLimit=0",
      "?fileLimit=201",
      "?threadLimit=two",
    ]) {
      expect((await view(user.api, projectId, query)).status, query).toBe(422);
    }
    for (const query of ["?threadLimit=50&fileLimit=200", "?threadLimit=1&fileLimit=1"]) {
      expect((await view(user.api, projectId, query)).status, query).toBe(200);
    }
  });

  it("answers another user's project exactly like a missing one, and 401 without a session", async () => {
    const owner = await signUp("Owner");
    const stranger = await signUp("Stranger");
    const projectId = await newProject(owner.api);
    await uploadTo(owner.api, (await newThread(owner.api, { projectId, title: "Private" })).id, "secret.txt");
    const foreign = await view(stranger.api, projectId);
    const missing = await view(stranger.api, crypto.randomUUID());
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
    expect((await callApi("GET", `/api/projects/${projectId}/thread-files`)).status).toBe(401);
  });
});
