import { z } from "zod";
import { artifactQuery, uploadQuery } from "@/lib/api-schemas/thread-files";
import * as r from "./response-schemas";
import { binary, noContent, storedFile } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Chat files
export const chatFilesOperations: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/threads/{id}/uploads",
    tag: "Chat files",
    summary: "stream one or more `files` parts into the chat's uploads",
    auth: "accepts-tokens",
    multipart: {
      description:
        "One or more `files` parts, each streamed to disk and limited to UPLOAD_MAX_BYTES. A `.png`, `.jpg`/`.jpeg`, `.webp` or `.gif` is an image: its bytes must be that format, decode, and hold at most 100 megapixels, else 422 and nothing of the request is stored; an animated image keeps its first frame for the model.",
      schema: z.object({ files: z.array(binary("A file")) }),
    },
    responses: [{ status: 201, description: "The uploads as stored", json: r.threadFilesSchema }],
    errors: ["conflict"],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/uploads",
    tag: "Chat files",
    summary: "the chat's uploads, by name",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The uploads", json: r.threadFilesSchema }],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/uploads/{filename}",
    tag: "Chat files",
    summary: "the upload's bytes, or with ?size=thumb an image's thumbnail",
    description:
      "`size=thumb`: a JPEG or PNG of at most 256 px on its longest side (404 for an upload that is not an image).",
    auth: "accepts-tokens",
    query: uploadQuery,
    responses: [storedFile("The upload or its thumbnail")],
  },
  {
    method: "DELETE",
    path: "/api/threads/{id}/uploads/{filename}",
    tag: "Chat files",
    summary: "remove one upload and its converted text",
    auth: "accepts-tokens",
    responses: [noContent("Removed")],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/outputs",
    tag: "Chat files",
    summary: "the files the agent wrote in this chat, by name",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The outputs", json: r.threadFilesSchema }],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/artifacts/{folder}/{name}",
    tag: "Chat files",
    summary: "a file's bytes, streamed from disk",
    description: "`folder` is `uploads` or `outputs` (anything else is a 404).",
    auth: "accepts-tokens",
    query: artifactQuery,
    responses: [storedFile("The file")],
  },
];
