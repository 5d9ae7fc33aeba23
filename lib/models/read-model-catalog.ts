import { configuredEndpoints, defaultModelName } from "./configured-endpoints";
import { formatModelId } from "./model-id";
import { DEFAULT_ENDPOINT, type ModelEndpoint } from "@/lib/config/parse-model-endpoints";
import { readEndpointListing, type EndpointListing } from "./read-endpoint-listing";
import { readSharedVision, type SharedVision } from "./shared-vision";

// Every configured endpoint with the models it offers right now (cached listings), the one
// view that the picker, a thread's model choice and each run's resolution all share.

export interface CatalogEndpoint {
  endpoint: ModelEndpoint;
  listing: EndpointListing;
  /** Sorted for the picker; the default endpoint always offers OPENAI_MODEL. */
  names: string[];
}

export interface ModelCatalog {
  endpoints: CatalogEndpoint[];
  defaultModelId: string | null;
  /** What instances learned lately about models' vision (shared-vision.ts); absent: nothing. */
  sharedVision?: SharedVision;
}

export async function readModelCatalog(): Promise<ModelCatalog> {
  const endpoints = configuredEndpoints();
  const defaultName = defaultModelName();
  const [listings, sharedVision] = await Promise.all([
    Promise.all(endpoints.map((endpoint) => readEndpointListing(endpoint))),
    endpoints.length ? readSharedVision() : new Map<string, boolean>(),
  ]);
  return {
    sharedVision,
    endpoints: endpoints.map((endpoint, index) => {
      const listing = listings[index]!;
      const names = new Set(listing.names);
      if (endpoint.name === DEFAULT_ENDPOINT && defaultName) names.add(defaultName);
      return { endpoint, listing, names: [...names].sort((a, b) => a.localeCompare(b, "en")) };
    }),
    defaultModelId: defaultName ? formatModelId(DEFAULT_ENDPOINT, defaultName) : null,
  };
}

/** The catalog's endpoint and listing for a model id, when the id names a model it offers. */
export function findCatalogModel(
  catalog: ModelCatalog,
  endpointName: string,
  modelName: string,
): CatalogEndpoint | null {
  const entry = catalog.endpoints.find((candidate) => candidate.endpoint.name === endpointName);
  return entry && entry.names.includes(modelName) ? entry : null;
}
