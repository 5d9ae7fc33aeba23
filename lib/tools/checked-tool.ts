import { jsonSchema, tool, zodSchema, type Schema } from "ai";
import type { z } from "zod";
import type { ToolError } from "./tool-result";

// A tool whose input the model gets wrong is answered like any other tool failure: `{error}`
// with one line naming the fields and why, and the run goes on. The SDK's own validation
// would instead send the model its internal error text (the whole input and a JSON dump of
// the issues) and report a stream error. So the model is shown the schema, the SDK lets any
// input through, and the zod check runs here.

const MAX_REASON_CHARS = 300;

// The JSON form of each input schema, converted once per process: the tools are built for
// every run (their schemas are module constants), and converting them again per run showed
// up in the time to a run's first byte.
const shownSchemas = new WeakMap<z.ZodType, Schema<unknown>>();

function shownSchema(inputSchema: z.ZodType): Schema<unknown> {
  let shown = shownSchemas.get(inputSchema);
  if (!shown) {
    shown = zodSchema(inputSchema) as Schema<unknown>;
    shownSchemas.set(inputSchema, shown);
  }
  return shown;
}

export function checkedTool<S extends z.ZodType, R>({
  description,
  inputSchema,
  execute,
}: {
  description: string;
  inputSchema: S;
  /** `toolCallId`: which call this is (view_image keys the image it returns by it). */
  execute: (input: z.output<S>, call: { toolCallId: string }) => Promise<R>;
}) {
  const shown = shownSchema(inputSchema);
  // The output type is left open: the SDK's conditional tool types cannot resolve a generic one.
  return tool<Record<string, unknown>, unknown, Record<string, never>>({
    description,
    inputSchema: jsonSchema<Record<string, unknown>>(() => shown.jsonSchema, {
      validate: async (value) => ({ success: true, value: value as Record<string, unknown> }),
    }),
    execute: async (raw: Record<string, unknown>, { toolCallId }): Promise<R | ToolError> => {
      const parsed = inputSchema.safeParse(raw);
      if (!parsed.success) return { error: invalidInputReason(parsed.error) };
      return execute(parsed.data, { toolCallId });
    },
  });
}

/** "Invalid input: offset: expected number; name: required" on one line, bounded. */
function invalidInputReason(error: z.ZodError): string {
  const issues = error.issues.map((issue) => `${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`);
  const line = `Invalid input: ${issues.join("; ")}`.replace(/\s+/g, " ").trim();
  return line.length > MAX_REASON_CHARS ? `${line.slice(0, MAX_REASON_CHARS - 1)}…` : line;
}
