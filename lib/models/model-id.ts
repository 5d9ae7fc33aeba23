// A model id names the endpoint and the model as that endpoint calls it: "<endpoint>:<model>".
// Endpoint names never contain a colon, so the first one separates them.

export function formatModelId(endpoint: string, model: string): string {
  return `${endpoint}:${model}`;
}

export function parseModelId(id: string): { endpoint: string; model: string } | null {
  const colon = id.indexOf(":");
  if (colon <= 0 || colon === id.length - 1) return null;
  return { endpoint: id.slice(0, colon), model: id.slice(colon + 1) };
}
