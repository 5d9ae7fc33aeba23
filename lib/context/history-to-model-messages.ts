import { convertToModelMessages, type ModelMessage, type ToolSet } from "ai";
import { formatByteSize } from "@/lib/text/format-byte-size";
import type { ThreadMessage, AttachedFile } from "@/lib/thread-messages/thread-message";
import { withMessageId } from "./message-provenance";
import { PROPOSE_PROJECT_NOTE } from "@/lib/thread-messages/tool-names";

// Turns persisted UI messages into model messages, each stamped with the id of the UI message
// it came from, so the request builder can find the run's genuine user message by id.

/** The listing a user turn carries of the files attached in it, so the model knows they exist. */
export function attachmentsNote(files: AttachedFile[]): string {
  const lines = files.map((file) => `- ${file.filename} (${formatByteSize(file.sizeBytes)}) at ${file.virtualPath}`);
  return `Files attached to this message (read them with read_thread_file):\n${lines.join("\n")}`;
}

function withAttachmentsNote(message: ThreadMessage): ThreadMessage {
  const attachments = message.role === "user" ? message.metadata?.attachments : undefined;
  if (!attachments?.length) return message;
  return { ...message, parts: [...message.parts, { type: "text", text: attachmentsNote(attachments) }] };
}

/**
 * What an earlier answer's proposal call says in later requests. Only approved notes reach a
 * model (design: "Project memory"), and they do in `<memory>`; a proposal's text, which the
 * person may yet dismiss, is not carried forward in the history either.
 */
export const WITHHELD_PROPOSAL_INPUT = Object.freeze({
  text: "(proposal withheld: the person decides on it in the app; approved notes are in the project's memory)",
  reason: "",
});

function withProposalsWithheld(message: ThreadMessage): ThreadMessage {
  if (message.role !== "assistant") return message;
  const proposal = `tool-${PROPOSE_PROJECT_NOTE}`;
  if (!message.parts.some((part) => part.type === proposal)) return message;
  return {
    ...message,
    parts: message.parts.map((part) =>
      part.type === proposal && "input" in part ? ({ ...part, input: WITHHELD_PROPOSAL_INPUT } as typeof part) : part,
    ),
  };
}

export async function historyToModelMessages(history: ThreadMessage[], tools: ToolSet): Promise<ModelMessage[]> {
  const converted = await Promise.all(
    history.map(async (message) => {
      const modelMessages = await convertToModelMessages([withProposalsWithheld(withAttachmentsNote(message))], {
        tools,
        ignoreIncompleteToolCalls: true,
      });
      return modelMessages.map((modelMessage) => withMessageId(modelMessage, message.id));
    }),
  );
  return converted.flat();
}
