import { parseModelId } from "@/lib/models/model-id";

/** How a model id reads in the UI: the model's name, and its endpoint unless that is the default. */
export function modelLabel(modelId: string): string {
  const parsed = parseModelId(modelId);
  if (!parsed) return modelId;
  return parsed.endpoint === "default" ? parsed.model : `${parsed.model} (${parsed.endpoint})`;
}
