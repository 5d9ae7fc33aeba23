import { APICallError, RetryError } from "ai";
import { ContextTooLargeError } from "./fit-run-request";

// A provider failure becomes a short message a person can act on, without stack traces,
// request bodies or local paths (the run record's `error`, and the error shown in the UI).

export function describeRunError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof ContextTooLargeError ? error.cause : error;
  if (cause instanceof ContextTooLargeError) return cause.message;
  // The SDK retries a failed call and then reports the last failure wrapped.
  if (RetryError.isInstance(error)) return describeRunError(error.lastError);
  if (APICallError.isInstance(error)) {
    const server = `The model server at ${endpointOf(error.url)}`;
    if (error.statusCode === undefined) {
      return isTimeout(error.cause)
        ? `${server} did not answer in time. Check that it is running and not overloaded.`
        : `${server} could not be reached. Check its base URL (OPENAI_BASE_URL or MODEL_ENDPOINTS) and that it is running.`;
    }
    const detail = providerMessage(error.responseBody) ?? error.message;
    if (isContextLengthError(error.responseBody, detail)) {
      return `The conversation is longer than the model accepts (the model server said: ${truncate(detail, 200)}). MODEL_CONTEXT_TOKENS is set above this model's real context window; lower it to match.`;
    }
    if (error.statusCode === 401 || error.statusCode === 403) {
      return `${server} refused the API key (HTTP ${error.statusCode}: ${truncate(detail, 200)}). Check OPENAI_API_KEY or the endpoint's apiKey in MODEL_ENDPOINTS.`;
    }
    return `${server} answered HTTP ${error.statusCode}: ${truncate(detail, 300)}`;
  }
  if (error instanceof Error && error.name === "AbortError") return "The run was stopped.";
  if (isTimeout(error)) return "The model server did not answer in time. Check that it is running and not overloaded.";
  return "The model run failed unexpectedly.";
}

/** The endpoint's origin and path, without credentials or a query a URL might carry. */
function endpointOf(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname.replace(/\/(chat\/completions|responses|completions)$/, "")}`;
  } catch {
    return "its endpoint";
  }
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError" || (error as { code?: unknown }).code === "ETIMEDOUT") return true;
  return error.cause !== undefined && error.cause !== error && isTimeout(error.cause);
}

// OpenAI sends the code; vLLM, llama.cpp, LM Studio and others only say it in words.
const CONTEXT_LENGTH_WORDS =
  /context[ _-]?(length|window|size)|maximum context|too many tokens|exceeds? (the )?(available )?context/i;

function isContextLengthError(body: string | undefined, detail: string): boolean {
  try {
    const parsed = JSON.parse(body ?? "") as { error?: { code?: unknown; type?: unknown } };
    if (parsed.error?.code === "context_length_exceeded" || parsed.error?.type === "exceed_context_size_error")
      return true;
  } catch {
    // Not JSON: the words decide.
  }
  return CONTEXT_LENGTH_WORDS.test(detail);
}

function providerMessage(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === "string" ? parsed.error : parsed.error?.message;
    return typeof message === "string" ? message : null;
  } catch {
    return null;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
