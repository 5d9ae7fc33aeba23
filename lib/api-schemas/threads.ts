import { z } from "zod";
import { pagingSchema } from "@/lib/http/paging";
import { THREAD_TITLE_MAX_CHARS, threadTitleSchema } from "@/lib/threads/thread-fields";

// The request schemas of the chat routes: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

// The title is trimmed first, so its length limit is the trimmed title's (the document says so).
/** How many folders, and how many documents, one chat's scope may name. */
export const SCOPE_MAX_ITEMS = 200;

const title = threadTitleSchema.meta({ description: `At most ${THREAD_TITLE_MAX_CHARS} characters once trimmed` });

/** GET /api/threads */
export const listThreadsQuery = pagingSchema({ maxLimit: 200, defaultLimit: 50 }).extend({
  projectId: z.string().min(1).optional(),
});

/** POST /api/threads */
export const createThreadBody = z.object({
  projectId: z.string().min(1).nullish(),
  title: title.optional(),
});

/** PATCH /api/threads/{id} */
export const updateThreadBody = z
  .object({
    title: title.optional(),
    modelId: z
      .string()
      .min(1)
      .max(300)
      .nullable()
      .optional()
      .meta({ description: '"<endpoint>:<model>" from GET /api/models; null for the default model' }),
    scope: z
      .object({
        folderIds: z.array(z.string().min(1).max(100)).max(SCOPE_MAX_ITEMS),
        documentIds: z.array(z.string().min(1).max(100)).max(SCOPE_MAX_ITEMS),
      })
      .nullable()
      .optional()
      .meta({
        description:
          "The folders (with their subfolders) and documents of the chat's project it sees; null or both empty: the whole shelf",
      }),
  })
  .refine(
    (body) => body.title !== undefined || body.modelId !== undefined || body.scope !== undefined,
    "Send a title, a modelId or a scope.",
  )
  .meta({ description: "Send a title, a modelId or a scope (any of them together)." });

/** POST /api/threads/{id}/move */
export const moveThreadBody = z.object({ projectId: z.string().min(1).nullable() });
