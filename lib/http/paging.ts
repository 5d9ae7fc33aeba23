import { z } from "zod";

export function pagingSchema(options: { maxLimit: number; defaultLimit: number }) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(options.maxLimit).default(options.defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
}

export function nextOffset(offset: number, returned: number, total: number): number | null {
  return offset + returned < total ? offset + returned : null;
}
