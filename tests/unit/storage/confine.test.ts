import path from "node:path";
import os from "node:os";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { isWithin, resolveConfined } from "@/lib/storage/confine";

let sandbox: string;
let root: string;
let outside: string;

beforeAll(async () => {
  sandbox = await mkdtemp(path.join(os.tmpdir(), "confine-"));
  root = path.join(sandbox, "root");
  outside = path.join(sandbox, "outside");
  await mkdir(path.join(root, "inner"), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(root, "inner", "ok.txt"), "inside");
  await writeFile(path.join(outside, "secret.txt"), "outside");
  await symlink(path.join(outside, "secret.txt"), path.join(root, "file-link-out"));
  await symlink(outside, path.join(root, "dir-link-out"));
  await symlink(path.join(root, "inner", "ok.txt"), path.join(root, "file-link-in"));
  await symlink("../outside/secret.txt", path.join(root, "relative-link-out"));
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

async function rejects(relative: string): Promise<void> {
  const error = await resolveConfined(root, relative).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, relative).toBeInstanceOf(AppError);
  expect((error as AppError).status, relative).toBe(404);
}

describe("isWithin", () => {
  it.each([
    ["/data/root", "/data/root", true],
    ["/data/root", "/data/root/a/b", true],
    ["/data/root", "/data/root/..hidden", true],
    ["/data/root", "/data", false],
    ["/data/root", "/data/root-evil/x", false],
    ["/data/root", "/etc/passwd", false],
  ])("%s contains %s: %s", (base, candidate, expected) => {
    expect(isWithin(base, candidate)).toBe(expected);
  });
});

describe("resolveConfined", () => {
  it("resolves names inside the root, existing or not", async () => {
    expect(await resolveConfined(root, "inner/ok.txt")).toBe(path.join(root, "inner", "ok.txt"));
    expect(await resolveConfined(root, "not-yet.txt")).toBe(path.join(root, "not-yet.txt"));
    expect(await resolveConfined(root, "new/deeper/file.txt")).toBe(path.join(root, "new", "deeper", "file.txt"));
    expect(await resolveConfined(root, "..dots-in-a-name")).toBe(path.join(root, "..dots-in-a-name"));
  });

  it("follows a symlink that stays inside", async () => {
    expect(await resolveConfined(root, "file-link-in")).toBe(path.join(root, "file-link-in"));
  });

  it.each([
    "..",
    "../outside/secret.txt",
    "inner/../../outside",
    "/etc/passwd",
    "{outside}/secret.txt",
    "",
    ".",
    "inner/..",
    "a\0b",
  ])("refuses %j lexically", async (relative) => rejects(relative.replace("{outside}", outside)));

  it.each([
    "file-link-out",
    "relative-link-out",
    "dir-link-out",
    "dir-link-out/secret.txt",
    "dir-link-out/not-there.txt",
  ])("refuses %j, a symlink leading outside", async (relative) => rejects(relative));

  it("works when the root does not exist yet (nothing inside can redirect)", async () => {
    const missingRoot = path.join(root, "later", "uploads");
    expect(await resolveConfined(missingRoot, "a.txt")).toBe(path.join(missingRoot, "a.txt"));
  });

  it("compares real paths when the root itself is reached through a symlink", async () => {
    const linkedRoot = path.join(sandbox, "linked-root");
    await symlink(root, linkedRoot);
    expect(await resolveConfined(linkedRoot, "inner/ok.txt")).toBe(path.join(linkedRoot, "inner", "ok.txt"));
    await expect(resolveConfined(linkedRoot, "file-link-out")).rejects.toBeInstanceOf(AppError);
  });
});
