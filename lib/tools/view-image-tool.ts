import { z } from "zod";
import { viewDocumentImageForAgent } from "@/lib/documents/agent/view-document-image-for-agent";
import { isImageName } from "@/lib/images/image-formats";
import { readCachedImage } from "@/lib/thread-files/prepared-image";
import { checkedTool } from "./checked-tool";
import type { RunToolContext, ViewedImages } from "./run-tool-context";
import { asToolResult, type ToolError } from "./tool-result";

// Built once per process: every run gets the same schema object, so its JSON form is converted once.
const INPUT = z
  .object({
    documentId: z
      .string()
      .optional()
      .describe("a shelf document's id, from the <documents> index or list_project_documents"),
    fileName: z
      .string()
      .optional()
      .describe("the name of an image this chat's person attached, as listed by list_thread_files"),
  })
  .refine((input) => (input.documentId === undefined) !== (input.fileName === undefined), {
    message: "give exactly one of documentId and fileName",
  });

export interface ViewImageResult {
  name: string;
  width: number;
  height: number;
  shown: string;
}

/**
 * view_image (docs/operations.md § "Images"): the prepared copy of a shelf image (this run's pinned
 * project only, the same live-row predicate as read_project_document) or of one of this chat's
 * uploads. Chat Completions cannot carry an image in a tool result, so the result is a short JSON
 * line and the image itself goes in a user message right after it, which the request builder adds
 * from `viewed.images`. A model that refused images during the run gets `{error}`.
 */
export function viewImageTool({ userId, threadId, pinned }: RunToolContext, viewed: ViewedImages) {
  return checkedTool({
    description:
      "Look at an image: one of this chat's uploaded images (fileName) or an image on the project's shelf (documentId). The image is shown to you right after this tool's result.",
    inputSchema: INPUT,
    execute: ({ documentId, fileName }, { toolCallId }) =>
      asToolResult(async (): Promise<ViewImageResult | ToolError> => {
        if (!viewed.seesImages()) return { error: "This model cannot see images, so view_image cannot show one." };
        let image: { name: string; width: number; height: number; mediaType: string; bytes: Uint8Array } | ToolError;
        if (documentId !== undefined) {
          if (!pinned) return { error: "This chat is not in a project: there is no shelf to look at." };
          image = await viewDocumentImageForAgent({
            userId,
            projectId: pinned.projectId,
            scope: pinned.scope,
            documentId,
          });
        } else {
          const name = fileName!;
          if (!isImageName(name)) return { error: `${JSON.stringify(name)} is not an image (PNG, JPEG, WebP or GIF).` };
          const cached = await readCachedImage({ userId, threadId }, name, "prepared");
          image = cached
            ? { name, ...cached }
            : {
                error: `No image named ${JSON.stringify(name)} in this chat's uploads. Call list_thread_files to see them.`,
              };
        }
        if ("error" in image) return image;
        viewed.images.set(toolCallId, { name: image.name, bytes: image.bytes, mediaType: image.mediaType });
        return {
          name: image.name,
          width: image.width,
          height: image.height,
          shown: "The image follows this result.",
        };
      }),
  });
}
