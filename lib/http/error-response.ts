import { ZodError } from "zod";
import { AppError } from "./errors";

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown; retryable?: boolean };
}

export function errorResponse(error: AppError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details !== undefined) body.error.details = error.details;
  if (error.retryable) body.error.retryable = true;
  return Response.json(body, { status: error.status });
}

export function zodDetails(error: ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join(".") || "(body)", message: issue.message }));
}

/**
 * Turns anything thrown by a handler into the api.md error shape. Unknown errors are logged
 * with their detail and answered with a generic 500 that leaks no stack or path.
 */
export function toErrorResponse(error: unknown, context: string): Response {
  if (error instanceof AppError) {
    if (error.status >= 500) console.error(`[${context}]`, error);
    return errorResponse(error);
  }
  if (error instanceof ZodError) {
    return errorResponse(new AppError("validation_failed", undefined, { details: zodDetails(error) }));
  }
  console.error(`[${context}] unhandled error`, error);
  return errorResponse(new AppError("internal"));
}
