import { z } from "zod";
import { createProjectBody, listProjectsQuery, updateProjectBody } from "@/lib/api-schemas/projects";
import * as r from "./response-schemas";
import { project } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Projects
export const projectsOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/projects",
    tag: "Projects",
    summary: "the caller's projects, newest activity first",
    auth: "accepts-tokens",
    query: listProjectsQuery,
    responses: [{ status: 200, description: "The projects", json: z.object({ projects: z.array(r.projectSchema) }) }],
  },
  {
    method: "POST",
    path: "/api/projects",
    tag: "Projects",
    summary: "create a project",
    auth: "accepts-tokens",
    body: createProjectBody,
    responses: [{ status: 201, description: "The new project", json: project }],
    errors: ["conflict"],
  },
  {
    method: "GET",
    path: "/api/projects/{id}",
    tag: "Projects",
    summary: "one project",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The project", json: project }],
  },
  {
    method: "PATCH",
    path: "/api/projects/{id}",
    tag: "Projects",
    summary: "rename and/or edit instructions",
    auth: "accepts-tokens",
    body: updateProjectBody,
    responses: [{ status: 200, description: "The project as changed", json: project }],
    errors: ["conflict"],
  },
  {
    method: "DELETE",
    path: "/api/projects/{id}",
    tag: "Projects",
    summary: "delete; threads are kept and unlinked",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "What the delete did", json: r.deleteProjectResultSchema }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/archive",
    tag: "Projects",
    summary: "set the project's status to archived",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The archived project", json: project }],
  },
  {
    method: "POST",
    path: "/api/projects/{id}/unarchive",
    tag: "Projects",
    summary: "set the project's status back to active",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The active project", json: project }],
  },
  {
    method: "GET",
    path: "/api/projects/{id}/context",
    tag: "Projects",
    summary: "what the next run of a chat in this project receives (the Instructions tab's summary)",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The project's context summary", json: r.projectContextSchema }],
  },
  {
    method: "GET",
    path: "/api/projects/{id}/search-status",
    tag: "Projects",
    summary: "how far the shelf's search index is: passages, documents waiting, vectors",
    auth: "accepts-tokens",
    responses: [{ status: 200, description: "The project's search index", json: r.searchStatusSchema }],
  },
];
