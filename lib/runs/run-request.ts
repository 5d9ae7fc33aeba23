import { z } from "zod";
import { MESSAGE_TEXT_MAX_CHARS } from "@/lib/thread-messages/message-text-limit";
import type { RunTrigger } from "./admission/admit-turn";

// What a client may send to start a run: only the new message (history comes from the
// database) or a request to answer the last message again. Nothing here can carry project
// context: the run resolves that itself.

export const runRequestSchema = z.union([
  z.object({
    message: z.object({
      text: z.string().trim().min(1, "The message is empty.").max(MESSAGE_TEXT_MAX_CHARS),
      attachments: z.array(z.string().min(1)).max(50).optional(),
    }),
  }),
  z.object({ regenerate: z.literal(true) }),
]);

export type RunRequest = z.infer<typeof runRequestSchema>;

export function toRunTrigger(request: RunRequest): RunTrigger {
  return "regenerate" in request
    ? { kind: "regenerate" }
    : { kind: "submit", text: request.message.text, attachments: request.message.attachments };
}
