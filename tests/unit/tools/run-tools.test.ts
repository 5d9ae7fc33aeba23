import { NO_MEMORY } from "../context/model-message-fixtures";
import { citationNumbers } from "@/lib/tools/citation-numbers";
import { describe, expect, it } from "vitest";
import { buildPinnedContext } from "@/lib/context/pinned-context";
import { buildRunTools } from "@/lib/tools/run-tools";

const limits = { indexMaxEntries: 50, indexMaxBytes: 4096, memoryMaxBytes: 4096 };
const pinned = (instructions: string, archived = false) =>
  buildPinnedContext({
    project: { id: "p1", name: "Roadmap", instructions },
    shelf: { total: 0, entries: [] },
    limits,
    ...NO_MEMORY,
    archived,
  });
const names = (tools: object) => Object.keys(tools).sort();

const THREAD_TOOLS = ["list_thread_files", "read_thread_file", "write_output_file"];
const PROJECT_TOOLS = [
  "list_project_documents",
  "read_project_document",
  "search_project_documents",
  "read_project_memory",
];

describe("tool registration follows the pinned context only", () => {
  it.each([
    ["a project with instructions", pinned("Be brief."), [...THREAD_TOOLS, ...PROJECT_TOOLS, "propose_project_note"]],
    ["a project with empty instructions", pinned(""), [...THREAD_TOOLS, ...PROJECT_TOOLS, "propose_project_note"]],
    // Its memory stays readable, but it takes no proposals.
    ["an archived project", pinned("Be brief.", true), [...THREAD_TOOLS, ...PROJECT_TOOLS]],
    ["no project (moved out, or never in one)", null, THREAD_TOOLS],
  ])("%s", (_label, context, expected) => {
    expect(
      names(
        buildRunTools({
          userId: "u",
          threadId: "t",
          answerMessageId: "a",
          citations: citationNumbers(),
          pinned: context,
        }),
      ),
    ).toEqual([...expected].sort());
  });

  it("the project tools take the project from the pinned context, not from their arguments", () => {
    // The JSON schema the model is shown: no project id anywhere (and no scope: a folder only narrows it).
    const tools = buildRunTools({
      userId: "u",
      threadId: "t",
      answerMessageId: "a",
      citations: citationNumbers(),
      pinned: pinned(""),
    }) as unknown as Record<string, { inputSchema: { jsonSchema: { properties: object } } }>;
    expect(Object.keys(tools.list_project_documents!.inputSchema.jsonSchema.properties).sort()).toEqual([
      "folder",
      "limit",
      "offset",
    ]);
    expect(Object.keys(tools.read_project_document!.inputSchema.jsonSchema.properties).sort()).toEqual([
      "documentId",
      "limit",
      "offset",
    ]);
    expect(Object.keys(tools.propose_project_note!.inputSchema.jsonSchema.properties).sort()).toEqual([
      "reason",
      "text",
    ]);
    expect(Object.keys(tools.read_project_memory!.inputSchema.jsonSchema.properties)).toEqual(["offset"]);
  });
});
