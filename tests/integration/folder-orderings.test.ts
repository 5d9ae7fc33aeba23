import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { signUp, type Api } from "../support/route-client";
import { secondWaitsOnLock } from "../support/lock-waits";
import { newProject } from "../support/shelf-fixtures";

// Two concurrent folder moves that would together make a cycle (A under B while B goes under
// A), with each ordering forced: the first move is held right after it takes the project's
// lock, the second is started (on PostgreSQL the test sees it wait on that lock), then the
// first is let go. Whichever goes first wins; the second reads its result under the lock and
// is refused with 422, so the tree never holds a folder under itself.

const pauses = await vi.hoisted(async () => (await import("../support/pause-points")).createPausePoints());

vi.mock("@/lib/db/locks", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/locks")>();
  return {
    ...real,
    lockOwnedProject: async (...args: Parameters<typeof real.lockOwnedProject>) => {
      const project = await real.lockOwnedProject(...args);
      await pauses.pass("project-locked");
      return project;
    },
  };
});

afterEach(() => pauses.clear());

async function folder(api: Api, projectId: string, name: string): Promise<string> {
  const res = await api("POST", `/api/projects/${projectId}/folders`, { json: { name } });
  return (await res.json()).folder.id;
}

describe("two moves that would make a cycle", () => {
  it.each([
    ["A under B goes first", "A"],
    ["B under A goes first", "B"],
  ])("%s: the other is refused and the tree stays a tree", async (_, first) => {
    const { api } = await signUp();
    const p = await newProject(api);
    const ids: Record<string, string> = { A: await folder(api, p, "A"), B: await folder(api, p, "B") };
    const second = first === "A" ? "B" : "A";
    const move = (name: string, under: string) =>
      api("PATCH", `/api/projects/${p}/folders/${ids[name]}`, { json: { parentId: ids[under] } });

    const held = pauses.arm("project-locked");
    const firstMove = move(first, second);
    await held.reached;
    const secondMove = move(second, first);
    await secondWaitsOnLock();
    held.release();
    const [won, lost] = await Promise.all([firstMove, secondMove]);
    expect(won.status).toBe(200);
    expect(lost.status).toBe(422);
    expect((await lost.json()).error.details).toEqual([expect.objectContaining({ path: "parentId" })]);

    const tree = (await (await api("GET", `/api/projects/${p}/folders`)).json()).folders;
    expect(tree.map((f: { path: string }) => f.path)).toEqual([second, `${second}/${first}`]);
    const rows = await (await getDb()).projectFolder.findMany({ where: { projectId: p } });
    for (const row of rows) expect(new Set(row.lineage).size).toBe(row.lineage.length);
  });
});
