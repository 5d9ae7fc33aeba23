import path from "node:path";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { projectStagingDir, threadFilesDir } from "@/lib/storage/layout";
import { signUp } from "../support/route-client";
import { newProject } from "../support/shelf-fixtures";
import { newThread } from "../support/fixtures";

// "Save to project" reads only inside the named thread's own uploads or outputs folder:
// traversal, absolute paths, encoded or backslash separators, a symlink pointing out, a
// folder, a neighbouring chat's file: all 404 like a missing file, and nothing reaches the
// shelf.

describe("save to project: source confinement", () => {
  it("answers 404 for every name that resolves outside the thread's own folder", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const { id: threadId } = await newThread(user.api);
    const { id: neighbour } = await newThread(user.api);
    const dataDir = process.env.DATA_DIR!;
    const secret = path.join(dataDir, "secret.txt");
    await writeFile(secret, "outside the thread");
    const uploads = threadFilesDir({ userId: user.id, threadId }, "uploads");
    const outputs = threadFilesDir({ userId: user.id, threadId }, "outputs");
    const neighbourUploads = threadFilesDir({ userId: user.id, threadId: neighbour }, "uploads");
    for (const dir of [uploads, outputs, neighbourUploads]) await mkdir(dir, { recursive: true });
    await writeFile(path.join(uploads, "inside.txt"), "inside");
    await writeFile(path.join(neighbourUploads, "neighbour.txt"), "another chat");
    await symlink(secret, path.join(uploads, "link-out.txt"));
    await symlink(secret, path.join(outputs, "link-out.txt"));
    await symlink(path.join(neighbourUploads, "neighbour.txt"), path.join(uploads, "link-neighbour.txt"));
    await symlink(path.dirname(secret), path.join(uploads, "dir-link"));
    await mkdir(path.join(uploads, "folder"));

    const names = [
      "../../../../../../secret.txt",
      "../outputs/inside.txt",
      `../../../${neighbour}/user-data/uploads/neighbour.txt`,
      "..",
      ".",
      secret,
      "/etc/passwd",
      "..%2F..%2F..%2F..%2F..%2F..%2Fsecret.txt",
      "%2Fetc%2Fpasswd",
      "..\\..\\secret.txt",
      "link-out.txt",
      "link-neighbour.txt",
      "dir-link/secret.txt",
      "folder",
      "inside.txt\u0000.pdf",
      "",
    ];
    for (const name of names) {
      for (const kind of ["upload", "output"]) {
        const res = await user.api("POST", `/api/projects/${projectId}/documents/from-thread`, {
          json: { threadId, kind, name },
        });
        // An empty name fails the body schema and NUL is refused in any JSON body (422);
        // everything else is indistinguishable from absence.
        expect(res.status, `${kind} ${JSON.stringify(name)}`).toBe(name === "" || name.includes("\u0000") ? 422 : 404);
      }
    }
    expect(await (await getDb()).projectDocument.count({ where: { projectId } })).toBe(0);
    expect(await readdir(projectStagingDir({ userId: user.id, projectId })).catch(() => [])).toEqual([]);
    expect(await readFile(secret, "utf8")).toBe("outside the thread");

    // The legitimate name still works: confinement is not a blanket refusal.
    const ok = await user.api("POST", `/api/projects/${projectId}/documents/from-thread`, {
      json: { threadId, kind: "upload", name: "inside.txt" },
    });
    expect(ok.status).toBe(201);
  });
});
