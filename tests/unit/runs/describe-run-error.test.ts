import { APICallError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { describeRunError } from "@/lib/runs/describe-run-error";

const URL_ = "http://user:secret@models.internal:8000/v1/chat/completions?key=abc";

function callError(statusCode: number | undefined, options: { body?: string; cause?: unknown } = {}) {
  return new APICallError({
    message: statusCode ? `HTTP ${statusCode}` : "Cannot connect to API: fetch failed",
    url: URL_,
    requestBodyValues: {},
    statusCode,
    responseBody: options.body,
    cause: options.cause,
  });
}

const retried = (last: unknown) =>
  new RetryError({ message: "Failed after 3 attempts", reason: "maxRetriesExceeded", errors: [last, last, last] });

describe("describeRunError", () => {
  it.each([
    [
      "a server nobody answers at, after the SDK's retries",
      retried(
        callError(undefined, { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }),
      ),
      "The model server at http://models.internal:8000/v1 could not be reached. Check its base URL (OPENAI_BASE_URL or MODEL_ENDPOINTS) and that it is running.",
    ],
    [
      "a server that timed out",
      callError(undefined, {
        cause: Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" }),
      }),
      "The model server at http://models.internal:8000/v1 did not answer in time. Check that it is running and not overloaded.",
    ],
    [
      "a refused key, with the server's own words",
      callError(401, { body: JSON.stringify({ error: { message: "Incorrect API key provided" } }) }),
      "The model server at http://models.internal:8000/v1 refused the API key (HTTP 401: Incorrect API key provided). Check OPENAI_API_KEY or the endpoint's apiKey in MODEL_ENDPOINTS.",
    ],
    [
      "another status",
      callError(503, { body: JSON.stringify({ error: "overloaded" }) }),
      "The model server at http://models.internal:8000/v1 answered HTTP 503: overloaded",
    ],
  ])("names %s and the endpoint, without its credentials", (_, error, message) => {
    const text = describeRunError(error);
    expect(text).toBe(message);
    expect(text).not.toContain("secret");
    expect(text).not.toContain("key=abc");
  });

  it("keeps an unknown failure short and free of its details", () => {
    expect(describeRunError(new Error("at /srv/app/lib/x.ts:12"))).toBe("The model run failed unexpectedly.");
  });
});
