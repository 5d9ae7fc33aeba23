import { z } from "zod";
import { DEFAULT_SLICE_LIMIT, MAX_SLICE_LIMIT } from "@/lib/text/slice-text";

/** The paging fields both read tools take, described to the model the same way. */
export const SLICE_INPUT_FIELDS = {
  offset: z.number().int().optional().describe("first character to return (default 0)"),
  limit: z
    .number()
    .int()
    .optional()
    .describe(`characters to return (default ${DEFAULT_SLICE_LIMIT}, at most ${MAX_SLICE_LIMIT})`),
};
