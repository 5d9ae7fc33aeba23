import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import type { CitationNumbers } from "./citation-numbers";

/** What a run's tools close over: the owner and thread, and the pinned project (if any). */
export interface RunToolContext {
  userId: string;
  threadId: string;
  /** The id the run's answer is stored under: a proposal names the message it came from. */
  answerMessageId: string;
  pinned: PinnedProjectContext | null;
  /** This answer's citation numbers, shared by every tool that hands the model a passage. */
  citations: CitationNumbers;
  /**
   * Images the run's view_image calls returned, by tool call id: the request builder shows
   * each to the model right after its result (lib/context/viewed-images.ts). Absent: the
   * model is known to be text-only, and view_image is not offered.
   */
  viewedImages?: ViewedImages;
}

export interface ViewedImages {
  /** Whether the model still takes images (a refusal mid-run makes this false). */
  seesImages(): boolean;
  images: Map<string, { name: string; bytes: Uint8Array; mediaType: string }>;
}
