import { z } from "zod";
import { pagingSchema } from "@/lib/http/paging";
import { TRASH_LIST_DEFAULT_LIMIT, TRASH_LIST_MAX_LIMIT } from "@/lib/trash/list-trashed-documents";

// The request schemas of the trash routes: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

/** GET /api/trash/documents */
export const listTrashQuery = pagingSchema({ maxLimit: TRASH_LIST_MAX_LIMIT, defaultLimit: TRASH_LIST_DEFAULT_LIMIT });

/** POST /api/trash/documents/{docId}/restore; no projectId (or null): back to the project it was trashed from, if that is still active. */
export const restoreDocumentBody = z.object({ projectId: z.string().min(1).nullish() });
