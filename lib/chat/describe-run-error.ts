import { APICallError } from "ai";

// A provider failure becomes a short message a person can act on, without stack traces,
// request bodies or local paths (the run record's `error`, and the error shown in the UI).

export function describeRunError(error: unknown): string {
  if (APICallError.isInstance(error)) {
    if (error.statusCode === undefined) return "The model server could not be reached. Check its base URL (OPENAI_BASE_URL or MODEL_ENDPOINTS) and that it is running.";
    const detail = providerMessage(error.responseBody) ?? error.message;
    return `The model server answered HTTP ${error.statusCode}: ${truncate(detail, 300)}`;
  }
  if (error instanceof Error && error.name === "AbortError") return "The run was stopped.";
  return "The model run failed unexpectedly.";
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
