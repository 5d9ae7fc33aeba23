import { describe, expect, it } from "vitest";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { extractSources, mergeRanges } from "@/lib/thread-messages/extract-sources";

type Part = ThreadMessage["parts"][number];

let callId = 0;
const done = (tool: string, input: unknown, output: unknown): Part =>
  ({ type: `tool-${tool}`, toolCallId: `c${++callId}`, state: "output-available", input, output }) as Part;
const failed = (tool: string, input: unknown): Part =>
  ({ type: `tool-${tool}`, toolCallId: `c${++callId}`, state: "output-error", input, errorText: "boom" }) as Part;
const readDoc = (documentId: string, name: string, offset: number, returnedChars: number) =>
  done(
    "read_project_document",
    { documentId, offset },
    { name, totalChars: 1000, offset, returnedChars, truncated: true, content: "…" },
  );
const readFile = (kind: "upload" | "output", name: string, offset: number, returnedChars: number) =>
  done(
    "read_thread_file",
    { kind, name, offset },
    { name, totalChars: 500, offset, returnedChars, truncated: false, content: "…" },
  );

describe("extractSources", () => {
  it("lists documents and chat files in first-read order with merged ranges", () => {
    const parts: Part[] = [
      { type: "step-start" },
      readDoc("d1", "plan.md", 0, 100),
      readFile("upload", "notes.txt", 0, 50),
      { type: "text", text: "Reading more.", state: "done" },
      readDoc("d1", "plan.md", 100, 100), // touches the first: one range
      readDoc("d1", "plan.md", 500, 20),
      readFile("output", "notes.txt", 10, 5), // an output is not the upload of the same name
      readDoc("d2", "spec.md", 40, 10),
    ];
    expect(extractSources(parts)).toEqual([
      {
        kind: "document",
        documentId: "d1",
        name: "plan.md",
        ranges: [
          [0, 200],
          [500, 520],
        ],
      },
      { kind: "upload", name: "notes.txt", ranges: [[0, 50]] },
      { kind: "output", name: "notes.txt", ranges: [[10, 15]] },
      { kind: "document", documentId: "d2", name: "spec.md", ranges: [[40, 50]] },
    ]);
  });

  it("ignores failed calls, {error} results, unfinished calls and tools that read nothing", () => {
    const parts: Part[] = [
      failed("read_project_document", { documentId: "d1" }),
      done(
        "read_project_document",
        { documentId: "d2" },
        { error: "The document is no longer on the project's shelf." },
      ),
      {
        type: "tool-read_thread_file",
        toolCallId: "x",
        state: "input-available",
        input: { kind: "upload", name: "a.txt" },
      } as Part,
      done("list_project_documents", {}, { total: 1, documents: [] }),
      done("write_output_file", { name: "out.md", content: "x" }, { written: { name: "out.md", sizeBytes: 1 } }),
    ];
    expect(extractSources(parts)).toEqual([]);
  });

  it("keeps a source whose read returned no characters, with no range", () => {
    expect(extractSources([readDoc("d1", "empty.md", 0, 0)])).toEqual([
      { kind: "document", documentId: "d1", name: "empty.md", ranges: [] },
    ]);
  });
});

describe("mergeRanges", () => {
  it.each([
    [[], []],
    [
      [
        [5, 10],
        [0, 3],
      ],
      [
        [0, 3],
        [5, 10],
      ],
    ],
    [
      [
        [0, 10],
        [2, 4],
      ],
      [[0, 10]],
    ],
    [
      [
        [0, 10],
        [10, 12],
        [11, 20],
      ],
      [[0, 20]],
    ],
  ] as [number, number][][][])("%j → %j", (input, expected) => {
    expect(mergeRanges(input as [number, number][])).toEqual(expected);
  });
});
