import { fetchEndpointModels } from "./fetch-endpoint-models";
import type { ModelEndpoint } from "@/lib/config/parse-model-endpoints";

// Each endpoint's model list, cached in this process for a few minutes and refreshed in the
// background: the picker and every run read it, and only the first read after start waits
// for the endpoint. An endpoint that does not answer keeps the names it last listed, marked
// unavailable, and is asked again sooner.

const FRESH_MS = 5 * 60_000;
const UNAVAILABLE_RETRY_MS = 30_000;

export interface EndpointListing {
  names: string[];
  available: boolean;
  listedAt: number;
}

// On globalThis: Next bundles route handlers (GET /api/models) and server actions (the chat's
// runs) separately, each with its own copy of this module; the picker must see the listing,
// and what runs learned about tools on it, that the runs used.
const holder = globalThis as typeof globalThis & {
  __workspaceEndpointListings?: {
    listings: Map<string, EndpointListing>;
    refreshes: Map<string, Promise<EndpointListing>>;
  };
};
const { listings, refreshes } = (holder.__workspaceEndpointListings ??= { listings: new Map(), refreshes: new Map() });

// The configuration can differ between test cases of one process; a listing belongs to the
// endpoint's name and address together.
const keyOf = (endpoint: ModelEndpoint) => `${endpoint.name}\n${endpoint.baseURL ?? ""}`;

export async function readEndpointListing(endpoint: ModelEndpoint): Promise<EndpointListing> {
  const key = keyOf(endpoint);
  const cached = listings.get(key);
  if (cached && Date.now() - cached.listedAt < (cached.available ? FRESH_MS : UNAVAILABLE_RETRY_MS)) return cached;
  const refresh = refreshes.get(key) ?? startRefresh(endpoint, key, cached);
  // Stale: answer with what is known while the refresh runs.
  return cached ?? refresh;
}

function startRefresh(
  endpoint: ModelEndpoint,
  key: string,
  previous: EndpointListing | undefined,
): Promise<EndpointListing> {
  const refresh = listNames(endpoint)
    .then((names): EndpointListing => ({ names, available: true, listedAt: Date.now() }))
    .catch((error: unknown): EndpointListing => {
      console.warn(
        `[models] endpoint "${endpoint.name}" did not list its models: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { names: previous?.names ?? [], available: false, listedAt: Date.now() };
    })
    .then((listing) => {
      listings.set(key, listing);
      refreshes.delete(key);
      return listing;
    });
  refreshes.set(key, refresh);
  return refresh;
}

async function listNames(endpoint: ModelEndpoint): Promise<string[]> {
  // Listed in the configuration: nothing to ask, but the listing still renews on schedule,
  // which is what ends the memory of a model refusing tools.
  if (endpoint.models) return endpoint.models.map((model) => model.name);
  return fetchEndpointModels(endpoint);
}

/** Tests stand for "a few minutes later": the next read of every endpoint asks it again. */
export function forgetEndpointListingsForTests(): void {
  listings.clear();
}
