import type { EndpointListing } from "./read-endpoint-listing";

// What a run learned about a model and tools: it refused them (a run retried without) or
// took them. Kept on the endpoint's current listing, so it is forgotten when the list
// refreshes: a model upgraded in place gets its tools back within minutes.

// On globalThis, like the listings: a run (server action) learns it, the picker (route
// handler) shows it, and Next gives each its own copy of this module.
const holder = globalThis as typeof globalThis & {
  __workspaceToolSupport?: WeakMap<EndpointListing, Map<string, boolean>>;
};
const known = (holder.__workspaceToolSupport ??= new WeakMap());

export function rememberToolSupport(listing: EndpointListing, modelName: string, supported: boolean): void {
  const models = known.get(listing) ?? new Map<string, boolean>();
  models.set(modelName, supported);
  known.set(listing, models);
}

/** true or false once a run found out; null while unknown. */
export function knownToolSupport(listing: EndpointListing, modelName: string): boolean | null {
  return known.get(listing)?.get(modelName) ?? null;
}
