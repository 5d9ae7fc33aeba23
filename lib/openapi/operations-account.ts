import { z } from "zod";
import { exportQuery } from "@/lib/api-schemas/portable";
import { createTokenBody } from "@/lib/tokens/token-fields";
import * as r from "./response-schemas";
import { binary, noContent } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Account
export const accountOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/tokens",
    tag: "Account",
    summary: "the caller's API tokens (never their secrets); session only",
    auth: "session-only",
    responses: [{ status: 200, description: "The tokens", json: z.object({ tokens: z.array(r.tokenSchema) }) }],
  },
  {
    method: "POST",
    path: "/api/tokens",
    tag: "Account",
    summary: "a new token; its secret is in this answer and nowhere else",
    auth: "session-only",
    body: createTokenBody,
    responses: [{ status: 201, description: "The token and its secret", json: r.createdTokenSchema }],
  },
  {
    method: "DELETE",
    path: "/api/tokens/{id}",
    tag: "Account",
    summary: "revoke a token at once; session only",
    auth: "session-only",
    responses: [noContent("Revoked")],
  },
  {
    method: "GET",
    path: "/api/export",
    tag: "Account",
    summary: "everything the caller owns as one streamed zip",
    auth: "accepts-tokens",
    query: exportQuery,
    responses: [
      {
        status: 200,
        description:
          "A zip: manifest.json, each document's original, each chat's files and a Markdown transcript per chat (`trash=true` adds the trash).",
        content: { "application/zip": { schema: binary("The archive") } },
        headers: { "x-export-estimated-bytes": "The bytes of the files the zip carries (its length is unknown)" },
      },
    ],
  },
  {
    method: "POST",
    path: "/api/import",
    tag: "Account",
    summary: "recreate an export archive's contents in the caller's account",
    description:
      "A 422's `details[0].reason`: `not_a_zip`, `unsafe_path`, `duplicate_entry`, `too_many_entries`, `too_large`, `unknown_version`, `manifest_invalid`, `manifest_mismatch` or `corrupt_entry`.",
    auth: "session-only",
    multipart: {
      description: "The export archive in `file`, staged and judged whole before anything is created.",
      schema: z.object({ file: binary("An archive from GET /api/export") }),
    },
    responses: [{ status: 201, description: "What was created", json: r.importCountsSchema }],
  },
  {
    method: "GET",
    path: "/api/config",
    tag: "Account",
    summary: "the limits the UI mirrors, and whether a model is configured",
    auth: "session-only",
    responses: [{ status: 200, description: "The server's public limits", json: r.publicConfigSchema }],
  },
  {
    method: "GET",
    path: "/api/models",
    tag: "Account",
    summary: "every endpoint's models, the default marked",
    auth: "session-only",
    responses: [{ status: 200, description: "The models and endpoints", json: r.modelListSchema }],
  },
];
