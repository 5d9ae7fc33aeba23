import { wrapLanguageModel, type LanguageModel } from "ai";
import { buildSystemPrompt } from "@/lib/context/system-prompt";
import { AppError } from "@/lib/errors";
import { createLanguageModel } from "@/lib/models/create-language-model";
import type { ModelMetadata, ModelNotice } from "@/lib/models/model-notice";
import type { ModelCatalog } from "@/lib/models/read-model-catalog";
import { resolveModelChoice } from "@/lib/models/resolve-model-choice";
import { retryWithoutTools } from "@/lib/models/retry-without-tools";
import { knownToolSupport, rememberToolSupport } from "@/lib/models/tool-support";
import { retryWithoutImages } from "@/lib/models/retry-without-images";
import { knownVisionSupport, rememberVisionSupport } from "@/lib/models/vision-support";
import { shareVision } from "@/lib/models/shared-vision";

// The model a run uses: the thread's choice (or the default standing in for it), wrapped so
// that a refusal of tools is retried without them and remembered, plus what the answer
// should tell the person about it. Pure over the catalog (read before admission, since a
// listing may still be on its way from the endpoint) and the thread's stored choice (read by
// admission's lock), so choosing the model costs the run no query of its own.

export interface RunModel {
  modelId: string;
  model: LanguageModel;
  /** false when this model is already known to refuse tools: the run offers none. */
  withTools: boolean;
  /** Whether the model sees images: false sends names instead, null (unknown) tries. */
  vision: boolean | null;
  /** The turn's images were not shown (text-only, or refused during the run): the answer says so. */
  markImagesOmitted(): void;
  /** false once the model is known text-only, at admission or by a refusal during the run. */
  seesImages(): boolean;
  /** Resolves once what this run learned about the model's vision is in the database. */
  visionShared(): Promise<void>;
  /** The answer's model metadata, as of now (a refusal during the run adds its notice). */
  metadata(): ModelMetadata;
}

export function prepareRunModel(catalog: ModelCatalog, threadModelId: string | null): RunModel {
  const choice = resolveModelChoice(catalog, threadModelId);
  if (!choice) {
    throw new AppError(
      "unavailable",
      catalog.endpoints.length === 0
        ? "No model is configured. Set OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL, then restart."
        : threadModelId
          ? "This chat's model is no longer offered and there is no default model (OPENAI_MODEL). Choose another model for this chat."
          : "There is no default model (OPENAI_MODEL). Choose a model for this chat.",
    );
  }
  const { modelId, listing, modelName } = choice;
  const notices: ModelNotice[] = [];
  if (choice.fallbackFrom) notices.push({ kind: "model_fallback", requestedModelId: choice.fallbackFrom, modelId });
  const withTools = knownToolSupport(listing, modelName) !== false;
  if (!withTools) notices.push({ kind: "tools_unsupported", modelId });

  const vision = knownVisionSupport(choice.endpoint, listing, modelName, catalog.sharedVision);
  let imagesOmitted = false;
  let refusedImages = false;
  const sharing: Promise<void>[] = [];

  // The image retry wraps the tool retry: a refusal of either is met, in either order.
  const model = wrapLanguageModel({
    model: createLanguageModel(choice.endpoint, modelName),
    middleware: [
      retryWithoutImages({
        onVisionSupport: (supported) => {
          rememberVisionSupport(listing, modelName, supported);
          // Told to the other instances too; the run's record waits for it (visionShared), the answer does not.
          sharing.push(
            shareVision({ endpoint: choice.endpoint.name, model: modelName, vision: supported }).catch((error) =>
              console.warn("[run] could not share what a model sees with the other instances", error),
            ),
          );
          if (!supported) imagesOmitted = refusedImages = true;
        },
      }),
      retryWithoutTools({
        systemWithoutTools: buildSystemPrompt({ today: new Date(), withTools: false }),
        onToolSupport: (supported) => {
          rememberToolSupport(listing, modelName, supported);
          if (!supported) notices.push({ kind: "tools_unsupported", modelId });
        },
      }),
    ],
  });
  return {
    modelId,
    model,
    withTools,
    vision,
    markImagesOmitted: () => void (imagesOmitted = true),
    seesImages: () => vision !== false && !refusedImages,
    visionShared: async () => void (await Promise.all(sharing)),
    metadata: () => ({ modelId, notices: [...notices], ...(imagesOmitted ? { imagesOmitted: true as const } : {}) }),
  };
}
