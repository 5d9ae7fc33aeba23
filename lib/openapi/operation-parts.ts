import { z } from "zod";
import * as r from "./response-schemas";
import { RUN_STREAM_DESCRIPTION, RUN_STREAM_MEDIA_TYPE, runStreamChunkSchema } from "./run-stream-schema";
import type { ApiSuccess } from "./operation-types";

// Pieces several operation files share.

/** What /api/auth adds in front of every better-auth POST (lib/auth/auth-request.ts). */
export const authBodyErrors = [
  { status: 400, description: "BAD_REQUEST or BODY_TOO_DEEP: a malformed or too deeply nested body" },
  {
    status: 401,
    description: "TOKEN_NOT_ACCEPTED: an Authorization header (accounts are managed with a session only)",
  },
  { status: 403, description: "A request from another origin (better-auth's origin check)" },
  { status: 413, description: "BODY_TOO_LARGE" },
];

export const binary = (description: string) =>
  z.string().meta({ contentMediaType: "application/octet-stream", description });
export const project = z.object({ project: r.projectSchema });
export const thread = z.object({ thread: r.threadSchema });
export const noContent = (description: string): ApiSuccess => ({ status: 204, description });
export const runStream: ApiSuccess = {
  status: 200,
  description: RUN_STREAM_DESCRIPTION,
  content: { [RUN_STREAM_MEDIA_TYPE]: { schema: runStreamChunkSchema } },
  headers: { "x-run-id": "The run's id" },
};
export const storedFile = (what: string): ApiSuccess => ({
  status: 200,
  description: `${what}: the stored type inline for text, PDF and images (HTML, XHTML and SVG always as an attachment); \`download=true\` asks for an attachment.`,
  content: { "*/*": { schema: binary("The file's bytes") } },
});
