import { z } from "zod";
import { queryInteger } from "@/lib/http/paging";
import {
  THREAD_FILES_DEFAULT_FILE_LIMIT,
  THREAD_FILES_DEFAULT_THREAD_LIMIT,
  THREAD_FILES_MAX_FILE_LIMIT,
  THREAD_FILES_MAX_THREAD_LIMIT,
} from "@/lib/thread-files/list-project-thread-files";

// The request schemas of the chat-file routes: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

/** GET /api/projects/{id}/thread-files; out-of-range values are 422, never clamped. */
export const projectThreadFilesQuery = z.object({
  offset: queryInteger({ min: 0, fallback: 0 }),
  threadLimit: queryInteger({
    min: 1,
    max: THREAD_FILES_MAX_THREAD_LIMIT,
    fallback: THREAD_FILES_DEFAULT_THREAD_LIMIT,
  }),
  fileLimit: queryInteger({ min: 1, max: THREAD_FILES_MAX_FILE_LIMIT, fallback: THREAD_FILES_DEFAULT_FILE_LIMIT }),
});

/** GET /api/threads/{id}/artifacts/{folder}/{name} */
export const artifactQuery = z.object({ download: z.enum(["true", "false"]).default("false") });

/** GET /api/threads/{id}/uploads/{filename}: the original, or an image's thumbnail (at most 256 px). */
export const uploadQuery = z.object({ size: z.enum(["full", "thumb"]).default("full") });
