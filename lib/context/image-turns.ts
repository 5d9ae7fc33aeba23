import type { AttachedFile, ThreadMessage } from "@/lib/thread-messages/thread-message";
import { isImageName } from "@/lib/images/image-formats";
import { omittedImageLine } from "@/lib/models/retry-without-images";

// How each attached image reaches the model (docs/architecture.md § "The path of a run", step 5),
// decided from the history alone, so the same thread always yields the same request:
//   send — the latest IMAGE_HISTORY_TURNS user turns of a model that may see: an image part;
//   stub — older turns: one line naming it (its pixels would cost a fixed share of the
//          budget on every request for as long as the thread lives), with the way back;
//   name — a model known to be text-only: one line naming it, whatever the turn.

export type ImageTreatment = "send" | "stub" | "name";

export function imageAttachments(message: ThreadMessage): AttachedFile[] {
  if (message.role !== "user") return [];
  return (message.metadata?.attachments ?? []).filter((file) => isImageName(file.filename));
}

/** The treatment of the images of every user message that has some, by message id. */
export function planImageTreatment(
  history: readonly ThreadMessage[],
  { historyTurns, vision }: { historyTurns: number; vision: boolean | null },
): Map<string, ImageTreatment> {
  const plan = new Map<string, ImageTreatment>();
  let userTurnsFromEnd = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index]!;
    if (message.role !== "user") continue;
    const recent = userTurnsFromEnd < historyTurns;
    userTurnsFromEnd += 1;
    if (imageAttachments(message).length === 0) continue;
    plan.set(message.id, vision === false ? "name" : recent ? "send" : "stub");
  }
  return plan;
}

/** Whether any image of the plan is shown to the model as an image. */
export function plansImageParts(plan: ReadonlyMap<string, ImageTreatment>): boolean {
  return [...plan.values()].includes("send");
}

/** Whether the plan names images instead of showing them because the model is text-only. */
export function plansOmittedImages(plan: ReadonlyMap<string, ImageTreatment>): boolean {
  return [...plan.values()].includes("name");
}

const size = (file: AttachedFile) => (file.image ? ` (${file.image.width}×${file.image.height})` : "");

/** The one line an image of an earlier turn is sent as. */
export function imageStubLine(file: AttachedFile): string {
  return `[Image ${JSON.stringify(file.filename)}${size(file)} from an earlier turn is not shown again; call view_image with {"fileName": ${JSON.stringify(file.filename)}} to look at it.]`;
}

export function imageNameLine(file: AttachedFile): string {
  return omittedImageLine(file.filename);
}

/** What stands for an image whose file is gone (deleted since the turn was sent). */
export function missingImageLine(file: AttachedFile): string {
  return `[Image ${JSON.stringify(file.filename)} is no longer in this chat's files.]`;
}
