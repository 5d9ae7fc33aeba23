import { checkedTool } from "./checked-tool";
import { z } from "zod";
import { listThreadFiles } from "@/lib/thread-files/list-thread-files";
import type { RunToolContext } from "./run-tool-context";
import { asToolResult } from "./tool-result";

// Built once per process: every run gets the same schema object, so its JSON form is converted once.
const INPUT = z.object({});

export function listThreadFilesTool({ userId, threadId }: RunToolContext) {
  return checkedTool({
    description: "List this chat's files: uploads (attached by the person) and outputs (written by you), with sizes.",
    inputSchema: INPUT,
    execute: () =>
      asToolResult(async () => {
        const [uploads, outputs] = await Promise.all([
          listThreadFiles({ userId, threadId, kind: "upload" }),
          listThreadFiles({ userId, threadId, kind: "output" }),
        ]);
        const brief = (files: typeof uploads) =>
          files.map(({ filename, sizeBytes, modifiedAt }) => ({ name: filename, sizeBytes, modifiedAt }));
        return { uploads: brief(uploads), outputs: brief(outputs) };
      }),
  });
}
