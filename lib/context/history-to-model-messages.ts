import { convertToModelMessages, type FilePart, type ModelMessage, type TextPart, type ToolSet } from "ai";
import { formatByteSize } from "@/lib/text/format-byte-size";
import type { ThreadMessage, AttachedFile } from "@/lib/thread-messages/thread-message";
import { withMessageId } from "./message-provenance";
import { PROPOSE_PROJECT_NOTE } from "@/lib/thread-messages/tool-names";
import { imageAttachments, imageNameLine, imageStubLine, missingImageLine, type ImageTreatment } from "./image-turns";

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
 * model (docs/architecture.md § "The path of a run", steps 3 and 4), and they do in `<memory>`; a
 * proposal's text, which the person may yet dismiss, is not carried forward in the history either.
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

/** A tool output without its citation numbers (a search's hits each lose theirs too). */
function withoutCite(output: unknown): unknown {
  if (!output || typeof output !== "object" || Array.isArray(output)) return output;
  const { cite: _cite, ...rest } = output as Record<string, unknown>;
  if (Array.isArray(rest.results)) rest.results = rest.results.map(withoutCite);
  return rest;
}

/**
 * An earlier answer's tool results without their `cite` numbers: numbers count per answer
 * (docs/architecture.md § "Citations"), so only this answer's passages carry one, and an old number
 * can never be cited for a new passage.
 */
function withCitationNumbersDropped(message: ThreadMessage): ThreadMessage {
  if (message.role !== "assistant") return message;
  return {
    ...message,
    parts: message.parts.map((part) =>
      part.type.startsWith("tool-") && "output" in part && part.output !== undefined
        ? ({ ...part, output: withoutCite(part.output) } as typeof part)
        : part,
    ),
  };
}

/** A prepared image's bytes, by upload name; null when the upload is gone. */
export type LoadImage = (name: string) => Promise<{ bytes: Uint8Array; mediaType: string } | null>;

export interface HistoryImages {
  /** From planImageTreatment (image-turns.ts). */
  plan: ReadonlyMap<string, ImageTreatment>;
  load: LoadImage;
}

/** The parts that follow a user message's text for its images, by the plan's treatment. */
async function imageContent(
  message: ThreadMessage,
  treatment: ImageTreatment,
  load: LoadImage,
): Promise<(TextPart | FilePart)[]> {
  return Promise.all(
    imageAttachments(message).map(async (file): Promise<TextPart | FilePart> => {
      if (treatment === "stub") return { type: "text", text: imageStubLine(file) };
      if (treatment === "name") return { type: "text", text: imageNameLine(file) };
      const image = await load(file.filename);
      if (!image) return { type: "text", text: missingImageLine(file) };
      return { type: "file", data: image.bytes, mediaType: image.mediaType, filename: file.filename };
    }),
  );
}

function appendToUserMessage(message: ModelMessage, parts: (TextPart | FilePart)[]): ModelMessage {
  if (message.role !== "user" || parts.length === 0) return message;
  const content =
    typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
  return { ...message, content: [...content, ...parts] };
}

export async function historyToModelMessages(
  history: ThreadMessage[],
  tools: ToolSet,
  images?: HistoryImages,
): Promise<ModelMessage[]> {
  const converted = await Promise.all(
    history.map(async (message) => {
      const modelMessages = await convertToModelMessages(
        [withCitationNumbersDropped(withProposalsWithheld(withAttachmentsNote(message)))],
        {
          tools,
          ignoreIncompleteToolCalls: true,
        },
      );
      const treatment = images?.plan.get(message.id);
      const extra = treatment && images ? await imageContent(message, treatment, images.load) : [];
      return modelMessages.map((modelMessage, index) =>
        withMessageId(
          index === modelMessages.length - 1 ? appendToUserMessage(modelMessage, extra) : modelMessage,
          message.id,
        ),
      );
    }),
  );
  return converted.flat();
}
