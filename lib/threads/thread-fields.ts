import { z } from "zod";
import { THREAD_TITLE_MAX_CHARS } from "./thread-title-limit";

export { THREAD_TITLE_MAX_CHARS };

export const threadTitleSchema = z
  .string()
  .transform((title) => title.trim())
  .pipe(z.string().max(THREAD_TITLE_MAX_CHARS, `Title must be at most ${THREAD_TITLE_MAX_CHARS} characters.`));
