import { config } from "@/lib/config/env";
import { planImageTreatment, plansImageParts } from "@/lib/context/image-turns";
import type { HistoryImages } from "@/lib/context/history-to-model-messages";
import { readCachedImage } from "@/lib/thread-files/prepared-image";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import type { RunModel } from "./admission/prepare-run-model";

/**
 * How a run's history sends its images (lib/context/image-turns.ts), and the prepared bytes
 * behind them, read from each upload's cache. A model known to be text-only gets names, and
 * its answer says that images it would otherwise have been shown were left out.
 */
export function runImages({
  userId,
  threadId,
  history,
  runModel,
}: {
  userId: string;
  threadId: string;
  history: ThreadMessage[];
  runModel: RunModel;
}): HistoryImages {
  const historyTurns = config().imageHistoryTurns;
  const plan = planImageTreatment(history, { historyTurns, vision: runModel.vision });
  if (runModel.vision === false && plansImageParts(planImageTreatment(history, { historyTurns, vision: null }))) {
    runModel.markImagesOmitted();
  }
  return {
    plan,
    load: async (name) => {
      try {
        return await readCachedImage({ userId, threadId }, name, "prepared");
      } catch {
        // Never admitted as an image, or unreadable now: the model gets the missing-image line.
        return null;
      }
    },
  };
}
