import { z } from "zod";
import { createThreadBody, listThreadsQuery, moveThreadBody, updateThreadBody } from "@/lib/api-schemas/threads";
import * as r from "./response-schemas";
import { thread, noContent } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Chats
export const chatsOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/threads",
    tag: "Chats",
    summary: "the caller's chats, newest first, optionally of one project",
    auth: "accepts-tokens",
    query: listThreadsQuery,
    responses: [{ status: 200, description: "One page of chats", json: r.threadPageSchema }],
  },
  {
    method: "POST",
    path: "/api/threads",
    tag: "Chats",
    summary: "start a chat, optionally in a project",
    description: "A `projectId` that is not one of the caller's active projects is a 404.",
    auth: "accepts-tokens",
    body: createThreadBody,
    responses: [{ status: 201, description: "The new chat", json: thread }],
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/threads/{id}",
    tag: "Chats",
    summary: "one chat",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The chat", json: thread }],
  },
  {
    method: "PATCH",
    path: "/api/threads/{id}",
    tag: "Chats",
    summary:
      "rename, choose the model, set the scope (the model first: an unknown one is a 422 that leaves the title alone too)",
    description:
      "`scope` names folders (each with its subfolders) and live documents of the chat's own project; any other id is a 404, a chat outside a project takes no scope (422). Null or both lists empty: the whole shelf. A move to another project clears it.",
    auth: "accepts-tokens",
    body: updateThreadBody,
    responses: [{ status: 200, description: "The chat as changed", json: thread }],
  },
  {
    method: "DELETE",
    path: "/api/threads/{id}",
    tag: "Chats",
    summary: "delete the chat and its history",
    auth: "accepts-tokens",
    responses: [noContent("Deleted")],
  },
  {
    method: "POST",
    path: "/api/threads/{id}/move",
    tag: "Chats",
    summary: "into an active project of the caller's, or out (null)",
    auth: "accepts-tokens",
    body: moveThreadBody,
    responses: [{ status: 200, description: "The chat as moved", json: thread }],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/messages",
    tag: "Chats",
    summary: "the persisted history (never the project context message)",
    auth: "accepts-tokens",
    responses: [
      {
        status: 200,
        description: "The messages, oldest first",
        json: z.object({ messages: z.array(r.threadMessageSchema) }),
      },
    ],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/context",
    tag: "Chats",
    summary: "what the next run on the thread receives (instructions, index, omitted documents)",
    auth: "accepts-tokens",
    responses: [
      { status: 200, description: "The context summary and the history's budget", json: r.threadContextSchema },
    ],
  },
  {
    method: "GET",
    path: "/api/threads/{id}/summary",
    tag: "Chats",
    summary: "the summary the model reads instead of the older turns",
    auth: "accepts-tokens",
    responses: [
      {
        status: 200,
        description: "The summary, or null",
        json: z.object({ summary: r.threadSummarySchema.nullable() }),
      },
    ],
  },
];
