import { z } from "zod";
import * as r from "./response-schemas";
import type { ApiOperation } from "./operation-types";

// Service
export const serviceOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/health",
    tag: "Service",
    summary:
      "liveness and which database backs this server (no auth; like every route off the token allowlist, it refuses an API token rather than ignore it)",
    description:
      "`?detail=1` adds the event loop's delay and the process's memory for an operator who sends HEALTH_DETAIL_SECRET as `X-Health-Secret`; anyone else gets the plain answer.",
    auth: "public",
    responses: [{ status: 200, description: "Alive, and the database answers", json: r.healthSchema }],
    errors: ["unauthorized", "unavailable"],
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Service",
    summary: "this API as an OpenAPI 3.1 document, generated from the schemas the handlers parse (no auth)",
    auth: "public",
    responses: [{ status: 200, description: "This document", json: z.looseObject({ openapi: z.string() }) }],
    errors: ["unauthorized"],
  },
];
