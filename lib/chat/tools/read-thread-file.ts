import { checkedTool } from "./checked-tool";
import { z } from "zod";
import { readThreadFileText } from "@/lib/thread-files/read-thread-file-text";
import { DEFAULT_SLICE_LIMIT } from "../slice-text";
import { readablePage } from "./readable-page";
import type { RunToolContext } from "./run-tool-context";
import { asToolResult } from "./tool-result";

export function readThreadFileTool({ userId, threadId }: RunToolContext) {
  return checkedTool({
    description:
      "Read one of this chat's files as text, a page of characters at a time. Converted text is served for PDF, Word, Excel and HTML files.",
    inputSchema: z.object({
      kind: z.enum(["upload", "output"]).describe("upload: a file the person attached; output: a file you wrote"),
      name: z.string().describe("the file name, as listed by list_thread_files"),
      offset: z.number().int().optional().describe("first character to return (default 0)"),
      limit: z
        .number()
        .int()
        .optional()
        .describe(`characters to return (default ${DEFAULT_SLICE_LIMIT}, at most 20000)`),
    }),
    execute: ({ kind, name, offset, limit }) =>
      asToolResult(async () => {
        const file = await readThreadFileText({ userId, threadId, kind, name });
        if ("error" in file) return file;
        return readablePage(file.filename, file.text, { offset, limit });
      }),
  });
}
