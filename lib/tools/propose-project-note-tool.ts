import { z } from "zod";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { proposeNote } from "@/lib/notes/propose-note";
import { checkedTool } from "./checked-tool";
import { asToolResult } from "./tool-result";

/** Proposals one run may make; the next one is refused with `{error}` and the run goes on. */
export const PROPOSALS_PER_RUN = 3;

const INPUT = z.object({
  text: z.string().describe("the note, short Markdown, as it should be remembered"),
  reason: z.string().describe("one sentence: why this is worth remembering, shown to the person"),
});

/**
 * Registered only for runs of an active project (run-tools.ts). The project id comes from
 * `pinned`, the chat and the answer from the run, never from the model's arguments. The count
 * is the run's own: this closure is built once per run. A proposal is only a proposal: the
 * person approves or dismisses it, and nothing reaches the model's memory before they do.
 */
export function proposeProjectNoteTool({
  userId,
  threadId,
  answerMessageId,
  pinned,
}: {
  userId: string;
  threadId: string;
  answerMessageId: string;
  pinned: PinnedProjectContext;
}) {
  let proposals = 0;
  return checkedTool({
    description:
      "Propose a short note for this project's memory: a decision, a fact or a preference the person stated " +
      "that every future chat in the project should know. The person approves or dismisses it; until then it is " +
      `not remembered. At most ${PROPOSALS_PER_RUN} per answer; propose only what is durable, never small talk.`,
    inputSchema: INPUT,
    execute: ({ text, reason }) => {
      // Counted before the write, so calls made at once in one step cannot all slip under it.
      proposals += 1;
      if (proposals > PROPOSALS_PER_RUN) {
        return Promise.resolve({
          error: `At most ${PROPOSALS_PER_RUN} notes can be proposed in one answer. Tell the person what else you would remember.`,
        });
      }
      return asToolResult(() =>
        proposeNote({ userId, projectId: pinned.projectId, threadId, messageId: answerMessageId, text, reason }),
      );
    },
  });
}
