import { describe, expect, it } from "vitest";
import { buildPinnedContext } from "@/lib/context/pinned-context";
import { buildRunTools } from "@/lib/tools/run-tools";

const limits = { indexMaxEntries: 50, indexMaxBytes: 4096 };
const pinned = (instructions: string) =>
  buildPinnedContext({
    project: { id: "p1", name: "Roadmap", instructions },
    shelf: { total: 0, entries: [] },
    limits,
  });
const names = (tools: object) => Object.keys(tools).sort();

const THREAD_TOOLS = ["list_thread_files", "read_thread_file", "write_output_file"];
const PROJECT_TOOLS = ["list_project_documents", "read_project_document", "search_project_documents"];

describe("tool registration follows the pinned context only", () => {
  it.each([
    ["a project with instructions", pinned("Be brief."), [...THREAD_TOOLS, ...PROJECT_TOOLS]],
    ["a project with empty instructions", pinned(""), [...THREAD_TOOLS, ...PROJECT_TOOLS]],
    ["no project (moved out, or never in one)", null, THREAD_TOOLS],
  ])("%s", (_label, context, expected) => {
    expect(names(buildRunTools({ userId: "u", threadId: "t", pinned: context }))).toEqual([...expected].sort());
  });

  it("the project tools take the project from the pinned context, not from their arguments", () => {
    // The JSON schema the model is shown: no project id anywhere.
    const tools = buildRunTools({ userId: "u", threadId: "t", pinned: pinned("") }) as unknown as Record<
      string,
      { inputSchema: { jsonSchema: { properties: object } } }
    >;
    expect(Object.keys(tools.list_project_documents!.inputSchema.jsonSchema.properties).sort()).toEqual([
      "limit",
      "offset",
    ]);
    expect(Object.keys(tools.read_project_document!.inputSchema.jsonSchema.properties).sort()).toEqual([
      "documentId",
      "limit",
      "offset",
    ]);
  });
});
