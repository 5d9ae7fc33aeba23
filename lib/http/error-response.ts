import { ZodError } from "zod";
import { AppError } from "@/lib/errors";

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown; retryable?: boolean };
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details !== undefined) body.error.details = error.details;
  if (error.retryable) body.error.retryable = true;
  return body;
}

export function errorResponse(error: AppError): Response {
  return Response.json(errorBody(error), { status: error.status });
}

export function zodDetails(error: ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join(".") || "(body)", message: issue.message }));
}

/**
 * Turns anything thrown by a handler or an action into an AppError of the one table. Unknown
 * errors are logged with their detail and become a generic 500 that leaks no stack or path.
 */
export function toAppError(error: unknown, context: string): AppError {
  if (error instanceof AppError) {
    if (error.status >= 500) console.error(`[${context}]`, error);
    return error;
  }
  if (error instanceof ZodError) return new AppError("validation_failed", undefined, { details: zodDetails(error) });
  console.error(`[${context}] unhandled error`, error);
  return new AppError("internal");
}

/** The error shape of the HTTP contract, with the status of the error table. */
export function toErrorResponse(error: unknown, context: string): Response {
  return errorResponse(toAppError(error, context));
}
