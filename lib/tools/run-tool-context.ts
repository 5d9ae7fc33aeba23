import type { PinnedProjectContext } from "@/lib/context/pinned-context";

/** What a run's tools close over: the owner and thread, and the pinned project (if any). */
export interface RunToolContext {
  userId: string;
  threadId: string;
  /** The id the run's answer is stored under: a proposal names the message it came from. */
  answerMessageId: string;
  pinned: PinnedProjectContext | null;
}
