import type { ModelListDto } from "./model-dto";
import { modelContextTokens } from "./model-context-tokens";
import { formatModelId } from "./model-id";
import { readModelCatalog } from "./read-model-catalog";
import { knownToolSupport } from "./tool-support";
import { knownVisionSupport } from "./vision-support";

// GET /api/models: every model of every endpoint, grouped by endpoint in configuration order.
// `endpoints` also names an endpoint that is down and has never listed anything, which would
// otherwise simply be missing from the picker.

export async function listModels(): Promise<ModelListDto> {
  const catalog = await readModelCatalog();
  return {
    models: catalog.endpoints.flatMap(({ endpoint, listing, names }) =>
      names.map((name) => {
        const id = formatModelId(endpoint.name, name);
        return {
          id,
          endpoint: endpoint.name,
          name,
          available: listing.available,
          tools: knownToolSupport(listing, name),
          vision: knownVisionSupport(endpoint, listing, name, catalog.sharedVision),
          contextTokens: modelContextTokens(id),
        };
      }),
    ),
    defaultModelId: catalog.defaultModelId,
    endpoints: catalog.endpoints.map(({ endpoint, listing }) => ({
      name: endpoint.name,
      available: listing.available,
    })),
  };
}
