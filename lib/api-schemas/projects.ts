import { z } from "zod";
import { PROJECT_NAME_MAX_CHARS, projectNameSchema } from "@/lib/projects/project-fields";

// The request schemas of the project routes: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

// The name is trimmed first, so its length limits are the trimmed name's (the document says so).
const name = projectNameSchema.meta({
  description: `1 to ${PROJECT_NAME_MAX_CHARS} characters once trimmed; unique per user, ignoring case`,
});

/** GET /api/projects */
export const listProjectsQuery = z.object({ status: z.enum(["active", "archived", "all"]).default("all") });

/** POST /api/projects */
export const createProjectBody = z.object({
  name,
  instructions: z
    .string()
    .optional()
    .meta({ description: "At most PROJECT_INSTRUCTIONS_MAX_BYTES bytes (UTF-8; GET /api/config says how many)" }),
});

/** PATCH /api/projects/{id} */
export const updateProjectBody = z.object({
  name: name.optional(),
  instructions: z
    .string()
    .optional()
    .meta({ description: "At most PROJECT_INSTRUCTIONS_MAX_BYTES bytes (UTF-8; GET /api/config says how many)" }),
});
