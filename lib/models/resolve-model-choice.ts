import { parseModelId } from "./model-id";
import { findCatalogModel, type CatalogEndpoint, type ModelCatalog } from "./read-model-catalog";

// Which model answers a thread: its own choice while its endpoint still offers it, else the
// default, with the choice it replaced so the chat can say so (never a silent switch, never
// a run failing on a model that is gone). An endpoint that is down cannot say whether the
// model is gone: the run goes there and reports the endpoint as unreachable.

export interface ModelChoice extends CatalogEndpoint {
  modelId: string;
  modelName: string;
  /** The thread's choice, when the default stands in for it. */
  fallbackFrom: string | null;
}

export function resolveModelChoice(catalog: ModelCatalog, requested: string | null): ModelChoice | null {
  if (requested !== null) {
    const parsed = parseModelId(requested);
    const entry = parsed && catalog.endpoints.find((candidate) => candidate.endpoint.name === parsed.endpoint);
    if (parsed && entry && (entry.names.includes(parsed.model) || !entry.listing.available)) {
      return { ...entry, modelId: requested, modelName: parsed.model, fallbackFrom: null };
    }
  }
  const fallback = catalog.defaultModelId && parseModelId(catalog.defaultModelId);
  const entry = fallback && findCatalogModel(catalog, fallback.endpoint, fallback.model);
  if (!fallback || !entry) return null;
  return { ...entry, modelId: catalog.defaultModelId!, modelName: fallback.model, fallbackFrom: requested };
}
