import { z } from "zod";

/**
 * A whole number in a query string, written in decimal digits only: `1e3`, `0x10`, `+5`, ` 5`
 * and an empty value are refused (422) like any out-of-range one, as the document's `integer`
 * says, where a plain number coercion would read them as 1000, 16, 5, 5 and 0.
 */
export function queryInteger({
  min,
  max = Number.MAX_SAFE_INTEGER,
  fallback,
}: {
  min: number;
  max?: number;
  fallback: number;
}) {
  return z
    .string()
    .regex(/^\d{1,16}$/, "Expected a whole number in decimal digits.")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback)
    .meta({
      // The document shows what a client sends: an integer in these bounds (the digits rule is
      // how a query string spells one).
      override: ({ jsonSchema }) => {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key as keyof typeof jsonSchema];
        Object.assign(jsonSchema, { default: fallback, type: "integer", minimum: min, maximum: max });
      },
    });
}

export function pagingSchema(options: { maxLimit: number; defaultLimit: number }) {
  return z.object({
    limit: queryInteger({ min: 1, max: options.maxLimit, fallback: options.defaultLimit }),
    offset: queryInteger({ min: 0, fallback: 0 }),
  });
}

export function nextOffset(offset: number, returned: number, total: number): number | null {
  return offset + returned < total ? offset + returned : null;
}
