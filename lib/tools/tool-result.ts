import { AppError } from "@/lib/errors";

// Every tool returns a JSON object; a failure is `{error}` the model can read and act on,
// never an exception that ends the run.

export type ToolError = { error: string };

export async function asToolResult<T extends object>(work: () => Promise<T | ToolError>): Promise<T | ToolError> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { error: error.message };
    console.error("[chat tool] failed", error);
    return { error: "The tool failed unexpectedly. Try again, or tell the person what you were trying to do." };
  }
}
