import { checkedTool } from "./checked-tool";
import { z } from "zod";
import { transaction } from "@/lib/db/client";
import { lockOwnedThread } from "@/lib/db/locks";
import { AppError } from "@/lib/errors";
import { writeThreadOutput } from "@/lib/thread-files/write-thread-output";
import type { RunToolContext } from "./run-tool-context";
import { asToolResult } from "./tool-result";

// Built once per process: every run gets the same schema object, so its JSON form is converted once.
const INPUT = z.object({
  name: z.string().describe("file name with extension, e.g. summary.md; no folders"),
  content: z.string().describe("the whole file content"),
});

export function writeOutputFileTool({ userId, threadId }: RunToolContext) {
  return checkedTool({
    description:
      "Save a UTF-8 text file (markdown, CSV, code, …) as an output of this chat, which the person can preview and download. An output with the same name is replaced.",
    inputSchema: INPUT,
    execute: ({ name, content }) =>
      asToolResult(async () => {
        // Under the thread's row lock: a thread deleted mid-run is not brought back as a folder of
        // outputs; its delete waits for this write, then removes the file with the rest.
        const file = await transaction(async (tx) => {
          if (!(await lockOwnedThread(tx, { threadId, userId })))
            throw new AppError("not_found", "This chat no longer exists.");
          return writeThreadOutput({ userId, threadId, name, content });
        });
        return { written: { name: file.filename, sizeBytes: file.sizeBytes, virtualPath: file.virtualPath } };
      }),
  });
}
