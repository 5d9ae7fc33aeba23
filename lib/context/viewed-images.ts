import type { FilePart, ModelMessage, TextPart, UserModelMessage } from "ai";
import { VIEW_IMAGE } from "@/lib/thread-messages/tool-names";

// Where the images view_image returned go in a request
// (docs/architecture.md § "The path of a run", step 5). Chat Completions carries only text in a
// tool result, so each image follows its tool message as a user message of its own: the model reads
// "here is what you asked for" right after the call's result. Pure, and rebuilt for every step from
// the run's messages (like the project block), so an image is inserted exactly once however many
// steps follow.

export interface ViewedImage {
  name: string;
  bytes: Uint8Array;
  mediaType: string;
}

function viewedMessage(images: ViewedImage[]): UserModelMessage {
  const content: (TextPart | FilePart)[] = [];
  for (const image of images) {
    content.push({ type: "text", text: `The image ${JSON.stringify(image.name)} you opened with view_image:` });
    content.push({ type: "file", data: image.bytes, mediaType: image.mediaType, filename: image.name });
  }
  return { role: "user", content };
}

/** `messages` with each viewed image after the tool message holding its call's result. */
export function withViewedImages(
  messages: readonly ModelMessage[],
  viewed: ReadonlyMap<string, ViewedImage>,
): ModelMessage[] {
  if (viewed.size === 0) return [...messages];
  const result: ModelMessage[] = [];
  for (const message of messages) {
    result.push(message);
    if (message.role !== "tool") continue;
    const images = message.content.flatMap((part) =>
      part.type === "tool-result" && part.toolName === VIEW_IMAGE && viewed.has(part.toolCallId)
        ? [viewed.get(part.toolCallId)!]
        : [],
    );
    if (images.length) result.push(viewedMessage(images));
  }
  return result;
}
