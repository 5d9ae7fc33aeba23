import { AppError } from "@/lib/errors";
import { parseModelId } from "./model-id";
import { findCatalogModel, readModelCatalog } from "./read-model-catalog";

/** A thread may only choose a model some endpoint offers now; anything else is a 422. */
export async function assertOfferedModel(modelId: string): Promise<void> {
  const parsed = parseModelId(modelId);
  if (parsed && findCatalogModel(await readModelCatalog(), parsed.endpoint, parsed.model)) return;
  throw new AppError("validation_failed", "No endpoint offers this model.", {
    details: [{ path: "modelId", message: `Unknown model "${modelId}": choose one listed by GET /api/models.` }],
  });
}
