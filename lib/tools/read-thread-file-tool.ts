import { checkedTool } from "./checked-tool";
import { z } from "zod";
import { readThreadFileSlice } from "@/lib/thread-files/read-thread-file-slice";
import { MAX_SLICE_LIMIT } from "@/lib/text/slice-text";
import { SLICE_INPUT_FIELDS } from "./slice-input";
import { refuseBinaryPage } from "./readable-page";
import type { RunToolContext } from "./run-tool-context";
import { asToolResult } from "./tool-result";
import { QUOTED_MATERIAL } from "./citation-numbers";

// Built once per process: every run gets the same schema object, so its JSON form is converted once.
const INPUT = z.object({
  kind: z.enum(["upload", "output"]).describe("upload: a file the person attached; output: a file you wrote"),
  name: z.string().describe("the file name, as listed by list_thread_files"),
  ...SLICE_INPUT_FIELDS,
});

export function readThreadFileTool({ userId, threadId, citations }: RunToolContext) {
  return checkedTool({
    description:
      "Read one of this chat's files as text, a page of characters at a time. Converted text is served for PDF, Word, Excel and HTML files. The result's `cite` is the number to cite what it says by, as [n].",
    inputSchema: INPUT,
    // Only the slice's bytes are read (lib/thread-files/read-thread-file-slice.ts); the page is
    // judged whole for binary data, as before.
    execute: ({ kind, name, offset, limit }) =>
      asToolResult(async () => {
        const page = refuseBinaryPage(
          await readThreadFileSlice({ userId, threadId, kind, name, offset, limit, maxLimit: MAX_SLICE_LIMIT }),
        );
        if ("error" in page || page.returnedChars === 0) return page;
        const end = page.offset + page.returnedChars;
        return {
          ...page,
          cite: citations.number({ kind, ref: page.name, start: page.offset, end }),
          quoted: QUOTED_MATERIAL,
        };
      }),
  });
}
