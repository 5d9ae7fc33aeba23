// GET /api/models on the wire, shared by the server and lib/client.

export interface ModelDto {
  id: string;
  endpoint: string;
  name: string;
  available: boolean;
  tools: boolean | null;
  /** Whether it sees images; null: unknown until a run learns it. */
  vision: boolean | null;
  contextTokens: number | null;
}

export interface ModelListDto {
  models: ModelDto[];
  defaultModelId: string | null;
  /** Every endpoint, so one that is down and never listed a model still shows. */
  endpoints: { name: string; available: boolean }[];
}
