import { NO_MEMORY } from "./model-message-fixtures";
import { citationNumbers } from "@/lib/tools/citation-numbers";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildPinnedContext, pinnedContextText } from "@/lib/context/pinned-context";
import { hasProjectTools } from "@/lib/context/project-tools-predicate";
import { buildRunTools } from "@/lib/tools/run-tools";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const limits = { indexMaxEntries: 50, indexMaxBytes: 4096, memoryMaxBytes: 4096 };
const doc = { id: "d1", name: "spec.md", sizeBytes: 2048, updatedAt: new Date("2026-09-10T00:00:00Z") };

describe("buildPinnedContext", () => {
  it("renders both blocks and fingerprints exactly what it rendered", () => {
    const context = buildPinnedContext({
      project: { id: "p1", name: "Roadmap", instructions: "Be brief." },
      shelf: { total: 1, entries: [doc] },
      limits,
      ...NO_MEMORY,
    });
    expect(context).toMatchObject({
      projectId: "p1",
      name: "Roadmap",
      instructions: "Be brief.",
      shelf: { total: 1, entries: [doc] },
    });
    expect(context.projectBlock).toBe('<project id="p1" name="Roadmap">\nBe brief.\n</project>');
    expect(context.documentsBlock).toBe(
      '<documents count="1" shown="1">\n- id=d1 | spec.md (2 KB, modified 2026-09-10)\n</documents>',
    );
    expect(context.projectContextRevision).toBe(sha256(context.projectBlock));
    expect(context.projectShelfRevision).toBe(sha256(context.documentsBlock!));
    expect(pinnedContextText(context)).toBe(`${context.projectBlock}\n${context.documentsBlock}`);
  });

  it("puts the memory block after the instructions and before the index, fingerprinted on its own", () => {
    const context = buildPinnedContext({
      project: { id: "p1", name: "Roadmap", instructions: "Be brief." },
      shelf: { total: 1, entries: [doc] },
      limits,
      ...NO_MEMORY,
      memory: { total: 1, notes: [{ id: "n1", text: "We use metric units." }] },
    });
    expect(context.memoryBlock).toBe('<memory count="1" shown="1">\n- We use metric units.\n</memory>');
    expect(context.projectMemoryRevision).toBe(sha256(context.memoryBlock!));
    expect(context).toMatchObject({ memoryShown: 1, memoryTotal: 1 });
    expect(pinnedContextText(context)).toBe(
      `${context.projectBlock}\n${context.memoryBlock}\n${context.documentsBlock}`,
    );
    // The instructions' fingerprint is the project block's alone: memory does not change it.
    expect(context.projectContextRevision).toBe(sha256(context.projectBlock));
  });

  it("has no memory block and a null memory revision without approved notes", () => {
    const context = buildPinnedContext({
      project: { id: "p1", name: "Roadmap", instructions: "Be brief." },
      shelf: { total: 0, entries: [] },
      limits,
      ...NO_MEMORY,
    });
    expect(context.memoryBlock).toBeNull();
    expect(context.projectMemoryRevision).toBeNull();
    expect(pinnedContextText(context)).not.toContain("<memory");
  });

  it("has no documents block and a null shelf revision for an empty shelf", () => {
    const context = buildPinnedContext({
      project: { id: "p1", name: "Roadmap", instructions: "" },
      shelf: { total: 0, entries: [] },
      limits,
      ...NO_MEMORY,
    });
    expect(context.documentsBlock).toBeNull();
    expect(context.projectShelfRevision).toBeNull();
    expect(context.projectBlock).toBe('<project id="p1" name="Roadmap">\n</project>');
    expect(pinnedContextText(context)).toBe(context.projectBlock);
  });

  it.each([
    ["instructions edit", { instructions: "Be verbose." }],
    ["rename", { name: "Roadmap 2027" }],
    ["clearing the instructions", { instructions: "" }],
  ])("changes the context revision on %s", (_case, change) => {
    const base = { id: "p1", name: "Roadmap", instructions: "Be brief." };
    const before = buildPinnedContext({ project: base, shelf: { total: 0, entries: [] }, limits, ...NO_MEMORY });
    const after = buildPinnedContext({
      project: { ...base, ...change },
      shelf: { total: 0, entries: [] },
      limits,
      ...NO_MEMORY,
    });
    expect(after.projectContextRevision).not.toBe(before.projectContextRevision);
  });

  it("cannot be changed once pinned", () => {
    const context = buildPinnedContext({
      project: { id: "p1", name: "Roadmap", instructions: "" },
      shelf: { total: 1, entries: [doc] },
      limits,
      ...NO_MEMORY,
    });
    expect(Object.isFrozen(context)).toBe(true);
    expect(Object.isFrozen(context.shelf)).toBe(true);
    expect(Object.isFrozen(context.shelf.entries)).toBe(true);
  });
});

describe("hasProjectTools", () => {
  const withInstructions = buildPinnedContext({
    project: { id: "p1", name: "R", instructions: "x" },
    shelf: { total: 1, entries: [doc] },
    limits,
    ...NO_MEMORY,
  });
  const emptyInstructionsEmptyShelf = buildPinnedContext({
    project: { id: "p1", name: "R", instructions: "" },
    shelf: { total: 0, entries: [] },
    limits,
    ...NO_MEMORY,
  });

  it.each([
    ["a pinned project with instructions and documents", withInstructions, true],
    ["a pinned project with empty instructions and no documents", emptyInstructionsEmptyShelf, true],
    ["no project (null)", null, false],
    ["no project (undefined)", undefined, false],
  ])("%s → %s", (_case, context, expected) => {
    expect(hasProjectTools(context)).toBe(expected);
    const projectTools = Object.keys(
      buildRunTools({
        userId: "u1",
        threadId: "t1",
        answerMessageId: "a1",
        citations: citationNumbers(),
        pinned: context ?? null,
      }),
    ).filter((name) => name.includes("project"));
    expect(projectTools.sort()).toEqual(
      expected
        ? [
            "list_project_documents",
            "propose_project_note",
            "read_project_document",
            "read_project_memory",
            "search_project_documents",
          ]
        : [],
    );
  });
});
