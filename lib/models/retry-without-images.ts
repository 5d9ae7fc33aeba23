import type { LanguageModelMiddleware } from "ai";
import { isImagesUnsupportedError } from "./detect-images-unsupported";

// Wraps a run's model (docs/architecture.md § "The path of a run", step 6): a call carrying images
// that the server refuses because the model cannot see is made once more with each image replaced
// by a line naming it, so the person still gets an answer. Every call with images reports whether
// the model took them, which the caller remembers for later runs and tells the person.

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware["wrapStream"]>>[0]["params"];
type Prompt = CallOptions["prompt"];

function isImagePart(part: { type: string; mediaType?: string }): boolean {
  return part.type === "file" && typeof part.mediaType === "string" && part.mediaType.startsWith("image");
}

export function hasImageParts(prompt: Prompt): boolean {
  return prompt.some((message) => message.role === "user" && message.content.some(isImagePart));
}

/** What stands for an image the model could not be shown. */
export function omittedImageLine(name: string | undefined): string {
  return `[Image ${name ? JSON.stringify(name) : "(unnamed)"} is attached, but this model cannot see images: only its name is given.]`;
}

export function withoutImageParts(prompt: Prompt): Prompt {
  return prompt.map((message) =>
    message.role === "user" && message.content.some(isImagePart)
      ? {
          ...message,
          content: message.content.map((part) =>
            isImagePart(part) && part.type === "file"
              ? { type: "text" as const, text: omittedImageLine(part.filename) }
              : part,
          ),
        }
      : message,
  );
}

export function retryWithoutImages({
  onVisionSupport,
}: {
  onVisionSupport: (supported: boolean) => void;
}): LanguageModelMiddleware {
  return {
    wrapStream: async ({ doStream, params, model }) => {
      if (!hasImageParts(params.prompt)) return doStream();
      try {
        const result = await doStream();
        onVisionSupport(true);
        return result;
      } catch (error) {
        if (!isImagesUnsupportedError(error)) throw error;
        onVisionSupport(false);
        return model.doStream({ ...params, prompt: withoutImageParts(params.prompt) });
      }
    },
  };
}
