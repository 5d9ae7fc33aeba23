import { z } from "zod";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { readMemoryPage } from "@/lib/notes/read-memory-page";
import { checkedTool } from "./checked-tool";
import { asToolResult } from "./tool-result";

const INPUT = z.object({
  offset: z.number().int().min(0).optional().describe("first note to return (default 0)"),
});

/**
 * Registered for every project run: pages through the approved notes the `<memory>` block
 * could not hold. The project and the run's pinned time come from `pinned`, never from the
 * model's arguments.
 */
export function readProjectMemoryTool({ userId, pinned }: { userId: string; pinned: PinnedProjectContext }) {
  return checkedTool({
    description: "Read this project's memory (the notes the person approved), newest first, a page at a time.",
    inputSchema: INPUT,
    execute: ({ offset }) =>
      asToolResult(() =>
        readMemoryPage({ userId, projectId: pinned.projectId, pinnedAt: pinned.pinnedAt, offset: offset ?? 0 }),
      ),
  });
}
