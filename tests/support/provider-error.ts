import { APICallError } from "ai";

/** A provider's refusal as `@ai-sdk/openai` raises it: the status and the OpenAI error body it read. */
export function providerError(
  statusCode: number | undefined,
  message: string,
  type = "invalid_request_error",
): APICallError {
  return new APICallError({
    message,
    url: "http://127.0.0.1:11434/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error: { message, type } }),
  });
}
