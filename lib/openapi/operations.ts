import { projectsOperations } from "./operations-projects";
import { memoryOperations } from "./operations-memory";
import { foldersOperations } from "./operations-folders";
import { reshapeOperations } from "./operations-reshape";
import { documentsOperations } from "./operations-documents";
import { chatsOperations } from "./operations-chats";
import { chatFilesOperations } from "./operations-chat-files";
import { runsOperations } from "./operations-runs";
import { trashOperations } from "./operations-trash";
import { accountOperations } from "./operations-account";
import { mcpServersOperations } from "./operations-mcp-servers";
import { authOperations } from "./operations-auth";
import { serviceOperations } from "./operations-service";

export * from "./operation-types";

// Every operation of the HTTP API, one entry per route file and method (a unit test holds this
// table and app/api/**/route.ts to each other, summaries included: each is the route's header
// comment's first sentence), one file per tag under ./operations. Request bodies and query
// strings are the very schema objects the handlers parse; the document is generated from this
// table by ./document.ts.
export const API_OPERATIONS = [
  ...projectsOperations,
  ...memoryOperations,
  ...foldersOperations,
  ...reshapeOperations,
  ...documentsOperations,
  ...chatsOperations,
  ...chatFilesOperations,
  ...runsOperations,
  ...trashOperations,
  ...accountOperations,
  ...mcpServersOperations,
  ...authOperations,
  ...serviceOperations,
];
