import { z } from "zod";

export const TOKEN_NAME_MAX_CHARS = 100;
export const TOKEN_MAX_DAYS = 3650;

export const createTokenBody = z.object({
  name: z
    .string()
    .transform((name) => name.trim())
    .pipe(
      z
        .string()
        .min(1, "Name cannot be empty.")
        .max(TOKEN_NAME_MAX_CHARS, `Name must be at most ${TOKEN_NAME_MAX_CHARS} characters.`),
    )
    .meta({ description: `1 to ${TOKEN_NAME_MAX_CHARS} characters once trimmed` }),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(TOKEN_MAX_DAYS)
    .optional()
    .meta({ description: "Omitted: the token never expires" }),
});

export type CreateTokenInput = z.output<typeof createTokenBody>;
