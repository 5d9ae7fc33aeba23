import path from "node:path";
import os from "node:os";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { linkUnderFreeName, replaceWithStaged } from "@/lib/storage/place-file";
import { writeToStaging } from "@/lib/storage/staging";
import { numberedNames } from "@/lib/files/file-name";

let base: string;
let stagingDir: string;
let dir: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), "place-"));
  stagingDir = path.join(base, ".staging");
  dir = path.join(base, "uploads");
  await mkdir(dir, { recursive: true });
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function stage(content: string): Promise<string> {
  return (await writeToStaging({ stagingDir, bytes: Buffer.from(content), maxBytes: 1 << 20 })).path;
}

describe("claiming a free name", () => {
  it("claims report.pdf, then report_1.pdf, report_2.pdf … and never overwrites", async () => {
    await writeFile(path.join(dir, "report_1.pdf"), "already here");
    const claimed: string[] = [];
    for (const content of ["first", "second", "third"]) {
      claimed.push(
        await linkUnderFreeName({ stagedPath: await stage(content), dir, candidates: numberedNames("report.pdf") }),
      );
    }
    expect(claimed).toEqual(["report.pdf", "report_2.pdf", "report_3.pdf"]);
    expect(await readFile(path.join(dir, "report.pdf"), "utf8")).toBe("first");
    expect(await readFile(path.join(dir, "report_1.pdf"), "utf8")).toBe("already here");
    expect(await readFile(path.join(dir, "report_3.pdf"), "utf8")).toBe("third");
    expect(await readdir(stagingDir)).toEqual([]);
  });

  it("gives concurrent claims of one name distinct names, each with its own bytes", async () => {
    const contents = Array.from({ length: 25 }, (_, i) => `copy ${i}`);
    const staged = await Promise.all(contents.map(stage));
    const claimed = await Promise.all(
      staged.map((stagedPath) => linkUnderFreeName({ stagedPath, dir, candidates: numberedNames("data.csv") })),
    );
    expect(new Set(claimed).size).toBe(contents.length);
    expect([...claimed].sort()).toEqual(["data.csv", ...contents.slice(1).map((_, i) => `data_${i + 1}.csv`)].sort());
    for (const [i, name] of claimed.entries()) {
      expect(await readFile(path.join(dir, name), "utf8")).toBe(contents[i]);
    }
    expect(await readdir(stagingDir)).toEqual([]);
  });

  it("gives up with a conflict when every candidate is taken, removing the staged file", async () => {
    await writeFile(path.join(dir, "a.txt"), "x");
    await expect(linkUnderFreeName({ stagedPath: await stage("y"), dir, candidates: ["a.txt"] })).rejects.toMatchObject(
      { code: "conflict" },
    );
    expect(await readdir(stagingDir)).toEqual([]);
  });
});

describe("replacing", () => {
  it("swaps the file in one rename", async () => {
    const target = path.join(dir, "notes.md");
    await replaceWithStaged({ stagedPath: await stage("v1"), targetPath: target });
    await replaceWithStaged({ stagedPath: await stage("v2"), targetPath: target });
    expect(await readFile(target, "utf8")).toBe("v2");
    expect(await readdir(stagingDir)).toEqual([]);
  });
});
