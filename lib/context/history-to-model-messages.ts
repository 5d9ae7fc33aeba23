import { convertToModelMessages, type ModelMessage, type ToolSet } from "ai";
import { formatByteSize } from "@/lib/text/format-byte-size";
import type { ThreadMessage, AttachedFile } from "@/lib/thread-messages/thread-message";
import { withMessageId } from "./message-provenance";

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

export async function historyToModelMessages(history: ThreadMessage[], tools: ToolSet): Promise<ModelMessage[]> {
  const converted = await Promise.all(
    history.map(async (message) => {
      const modelMessages = await convertToModelMessages([withAttachmentsNote(message)], {
        tools,
        ignoreIncompleteToolCalls: true,
      });
      return modelMessages.map((modelMessage) => withMessageId(modelMessage, message.id));
    }),
  );
  return converted.flat();
}
