import { z } from "zod";

// The request schemas of export and import: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

/** GET /api/export */
export const exportQuery = z.object({ trash: z.enum(["true", "false"]).default("false") });
