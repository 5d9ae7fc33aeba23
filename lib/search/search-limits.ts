// Bounds of a search request, shared by the API's schemas and the agent's tool.

/** Longest accepted query, in characters (the shelf's `q` and the agent's `query`). */
export const SEARCH_QUERY_MAX_CHARS = 200;
/** Passages the agent's search returns by default, at most, and per document. */
export const AGENT_SEARCH_DEFAULT_RESULTS = 10;
export const AGENT_SEARCH_MAX_RESULTS = 50;
export const AGENT_SEARCH_PER_DOCUMENT = 3;
