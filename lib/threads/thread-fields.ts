import { z } from "zod";

export const THREAD_TITLE_MAX_CHARS = 200;

export const threadTitleSchema = z
  .string()
  .transform((title) => title.trim())
  .pipe(z.string().max(THREAD_TITLE_MAX_CHARS, `Title must be at most ${THREAD_TITLE_MAX_CHARS} characters.`));
