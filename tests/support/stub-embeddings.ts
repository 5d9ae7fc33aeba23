// What the stub model server answers on `POST /v1/embeddings` (OpenAI's shape): a deterministic
// vector per input, the words of the text hashed into `dimensions` buckets (feature hashing),
// so texts that share words are near and texts that share none are not. A few words count as
// the same word (SYNONYMS), so a test can show vectors finding a passage that shares no word
// with the query, which words alone cannot.

export const STUB_EMBEDDING_DIMENSIONS = 64;

export const SYNONYMS: Record<string, string> = {
  automobile: "car",
  vehicle: "car",
  cars: "car",
  physician: "doctor",
  doctors: "doctor",
  purchase: "buy",
  bought: "buy",
};

function hash(word: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) value = Math.imul(value ^ word.charCodeAt(i), 0x01000193);
  return value >>> 0;
}

export function stubEmbedding(text: string, dimensions = STUB_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const [raw] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = SYNONYMS[raw] ?? raw;
    const h = hash(word);
    vector[h % dimensions]! += (h & 0x80000000) === 0 ? 1 : -1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / norm);
}

/** The response body for an embeddings request body, or an error message for a malformed one. */
export function embeddingsResponse(body: unknown): { status: number; json: unknown } {
  const request = body as { model?: unknown; input?: unknown; dimensions?: unknown } | null;
  const inputs = typeof request?.input === "string" ? [request.input] : request?.input;
  if (!Array.isArray(inputs) || inputs.some((input) => typeof input !== "string") || typeof request?.model !== "string")
    return {
      status: 400,
      json: { error: { message: "model and input (strings) are required", type: "invalid_request_error" } },
    };
  const dimensions = typeof request.dimensions === "number" ? request.dimensions : STUB_EMBEDDING_DIMENSIONS;
  return {
    status: 200,
    json: {
      object: "list",
      model: request.model,
      data: (inputs as string[]).map((input, index) => ({
        object: "embedding",
        index,
        embedding: stubEmbedding(input, dimensions),
      })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    },
  };
}
