import type { ModelEndpoint } from "@/lib/config/parse-model-endpoints";
import type { EndpointListing } from "./read-endpoint-listing";
import { visionKey, type SharedVision } from "./shared-vision";

// Whether a model sees images (docs/architecture.md § "The path of a run", step 6): what
// MODEL_ENDPOINTS says (the model's own `vision`, else its endpoint's), else what a run learned
// (tool-support.ts's twin: a refusal of image input teaches false, an accepted image true), kept on
// the endpoint's current listing so a model upgraded in place is asked again after the list
// refreshes, and shared with the other instances through the database (shared-vision.ts). A learned
// refusal outranks a configured true: the provider has the last word.

const holder = globalThis as typeof globalThis & {
  __workspaceVisionSupport?: WeakMap<EndpointListing, Map<string, boolean>>;
};
const learned = (holder.__workspaceVisionSupport ??= new WeakMap());

export function rememberVisionSupport(listing: EndpointListing, modelName: string, supported: boolean): void {
  const models = learned.get(listing) ?? new Map<string, boolean>();
  models.set(modelName, supported);
  learned.set(listing, models);
}

function configuredVision(endpoint: ModelEndpoint, modelName: string): boolean | null {
  const model = endpoint.models?.find((candidate) => candidate.name === modelName);
  return model?.vision ?? endpoint.vision;
}

/** true or false when configured or learned; null while unknown (treated as able). */
export function knownVisionSupport(
  endpoint: ModelEndpoint,
  listing: EndpointListing,
  modelName: string,
  shared?: SharedVision,
): boolean | null {
  const configured = configuredVision(endpoint, modelName);
  if (configured === false) return false;
  const seen = learned.get(listing)?.get(modelName) ?? shared?.get(visionKey(endpoint.name, modelName));
  if (seen === false) return false;
  return configured ?? seen ?? null;
}
