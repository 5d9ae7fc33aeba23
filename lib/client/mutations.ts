"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  api,
  type ChatScope,
  type McpServerInput,
  type MergeAfterwards,
  type Project,
  type ProjectDocument,
  type Thread,
  type TransferRequest,
} from "./api";
import { queryKeys } from "./query-keys";

// Each mutation refreshes exactly what it can change. Thread counts live on projects, so
// anything that adds, moves or removes a thread refreshes projects too.

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.createProject({ name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name?: string; instructions?: string }) => api.updateProject(id, input),
    onSuccess: (project: Project) => {
      queryClient.setQueryData(queryKeys.project(id), project);
      // The Instructions tab's context summary counts the saved instructions' bytes.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectList }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectContext(id) }),
      ]);
    },
  });
}

export function useSetProjectArchived(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => api.setProjectArchived(id, archived),
    onSuccess: (project: Project) => {
      queryClient.setQueryData(queryKeys.project(id), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projectList });
    },
  });
}

export function useDeleteProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteProject(id),
    // The project's own detail is left alone: refetching it while its page is still
    // mounted could only 404. Its threads were unlinked, so every thread view is stale;
    // its documents went to the trash.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectList }),
        queryClient.invalidateQueries({ queryKey: queryKeys.threads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.trash }),
      ]),
  });
}

/** A fork is a new project with documents and notes: the project lists change. */
export function useForkProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.forkProject(id, name),
    onSuccess: (project: Project) => {
      queryClient.setQueryData(queryKeys.project(project.id), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projectList });
    },
  });
}

/**
 * A merge changes both projects, their shelves and memory, and moves chats. The source's own
 * detail is left alone (it may be deleted; its page navigates away).
 */
export function useMergeProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { intoProjectId: string; afterwards: MergeAfterwards }) => api.mergeProject(id, input),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.project(result.project.id), result.project);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectList }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectNotes(result.project.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectContext(result.project.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.documents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.threads }),
      ]);
    },
  });
}

/** Copy or move to another project: both shelves, their folders and counts change. */
export function useTransferDocuments(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferRequest) => api.transferDocuments(projectId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.documents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      ]),
  });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string | null) => api.createThread(projectId ? { projectId } : {}),
    onSuccess: (thread: Thread) => {
      queryClient.setQueryData(queryKeys.thread(thread.id), thread);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.threads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      ]);
    },
  });
}

export function useRenameThread(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => api.renameThread(id, title),
    onSuccess: (thread: Thread) => {
      queryClient.setQueryData(queryKeys.thread(id), thread);
      return queryClient.invalidateQueries({ queryKey: queryKeys.threads });
    },
  });
}

/** The chat's model for its next runs; the list refreshes too, since it marks what runs learned. */
export function useSetThreadModel(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (modelId: string | null) => api.setThreadModel(id, modelId),
    onSuccess: (thread: Thread) => {
      queryClient.setQueryData(queryKeys.thread(id), thread);
      return queryClient.invalidateQueries({ queryKey: queryKeys.models });
    },
  });
}

export function useMoveThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, projectId }: { threadId: string; projectId: string | null }) =>
      api.moveThread(threadId, projectId),
    onSuccess: (thread: Thread) => {
      queryClient.setQueryData(queryKeys.thread(thread.id), thread);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.threads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      ]);
    },
  });
}

export function useDeleteThread(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteThread(id),
    // Lists only: the deleted thread's own detail would refetch into a 404 on its page.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.threadLists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      ]),
  });
}

export function useTrashDocument(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api.trashDocument(projectId, documentId),
    // documentCount lives on the project, so its card and header counts refresh too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectDocuments(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
        queryClient.invalidateQueries({ queryKey: queryKeys.trash }),
      ]),
  });
}

export function useSaveThreadFileToProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { threadId: string; kind: "upload" | "output"; name: string; shelfName?: string }) =>
      api.saveThreadFileToProject(projectId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectDocuments(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      ]),
  });
}

/** Copies a shelf document into a chat's uploads; nothing cached here changes. */
export function useAttachDocumentToThread() {
  return useMutation({
    mutationFn: ({ document, threadId }: { document: ProjectDocument; threadId: string }) =>
      api.attachDocumentToThread(document, threadId),
  });
}

// Every trash action changes the trash; a restore also changes a shelf and its documentCount.
// Refreshed when settled, not only on success: a 404 means the row already left the trash.
function useTrashMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { changesShelves }: { changesShelves: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.trash }),
        ...(changesShelves
          ? [
              queryClient.invalidateQueries({ queryKey: queryKeys.documents }),
              queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
            ]
          : []),
      ]),
  });
}

export function useRestoreDocument() {
  return useTrashMutation(
    ({ documentId, projectId }: { documentId: string; projectId?: string }) =>
      api.restoreDocument(documentId, projectId),
    {
      changesShelves: true,
    },
  );
}

export function usePurgeDocument() {
  return useTrashMutation((documentId: string) => api.purgeDocument(documentId), { changesShelves: false });
}

export function useEmptyTrash() {
  return useTrashMutation(() => api.emptyTrash(), { changesShelves: false });
}

/**
 * Changes to a project's memory: its notes, the figures of its block, and what the next run
 * of any chat receives (the context panels) all move together.
 */
function useNoteMutation<TVariables, TResult>(
  projectId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectNotes(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectContext(projectId) }),
        queryClient.invalidateQueries({ queryKey: ["threads", "context"] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.trashedNotes }),
      ]),
  });
}

export function useCreateNote(projectId: string) {
  return useNoteMutation(projectId, (text: string) => api.createNote(projectId, text));
}

export function useUpdateNote(projectId: string) {
  return useNoteMutation(
    projectId,
    ({ noteId, ...input }: { noteId: string; text?: string; state?: "approved" | "dismissed" }) =>
      api.updateNote(projectId, noteId, input),
  );
}

export function useTrashNote(projectId: string) {
  return useNoteMutation(projectId, (noteId: string) => api.trashNote(projectId, noteId));
}

/** Undo of a delete, and the trash page's Restore: back into a project's memory. */
export function useRestoreNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, projectId }: { noteId: string; projectId?: string }) => api.restoreNote(noteId, projectId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.trashedNotes }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
        queryClient.invalidateQueries({ queryKey: ["threads", "context"] }),
      ]),
  });
}

export function usePurgeNote() {
  return useTrashMutation((noteId: string) => api.purgeNote(noteId), { changesShelves: false });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; expiresInDays?: number }) => api.createToken(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export function useDeleteToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

/** MCP server writes: each answers the server as it now is, and the list is read again. */
function useMcpServerMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mcpServers }),
  });
}

export function useCreateMcpServer() {
  return useMcpServerMutation((input: McpServerInput) => api.createMcpServer(input));
}

export function useUpdateMcpServer() {
  return useMcpServerMutation(({ id, input }: { id: string; input: Partial<McpServerInput> }) =>
    api.updateMcpServer(id, input),
  );
}

export function useRefreshMcpServer() {
  return useMcpServerMutation((id: string) => api.refreshMcpServer(id));
}

export function useDeleteMcpServer() {
  return useMcpServerMutation((id: string) => api.deleteMcpServer(id));
}

/** The person's answer to an MCP call a run waits on; the run's stream then says how it was decided. */
export function useAnswerMcpApproval() {
  return useMutation({
    mutationFn: (input: {
      threadId: string;
      runId: string;
      toolCallId: string;
      approve: boolean;
      forThread?: boolean;
    }) =>
      api.answerMcpApproval(input.threadId, input.runId, {
        toolCallId: input.toolCallId,
        approve: input.approve,
        forThread: input.forThread,
      }),
  });
}

/** Folder writes and document moves change the tree and the listings: everything under "documents". */
function useShelfMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.documents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      ]),
  });
}

export function useCreateFolder(projectId: string) {
  return useShelfMutation((input: { name: string; parentId: string | null }) => api.createFolder(projectId, input));
}

export function useUpdateFolder(projectId: string) {
  return useShelfMutation(({ folderId, ...input }: { folderId: string; name?: string; parentId?: string | null }) =>
    api.updateFolder(projectId, folderId, input),
  );
}

export function useDeleteFolder(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: string) => api.deleteFolder(projectId, folderId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.documents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
        queryClient.invalidateQueries({ queryKey: queryKeys.trash }),
      ]),
  });
}

export function useMoveDocument(projectId: string) {
  return useShelfMutation(({ documentId, folderId }: { documentId: string; folderId: string | null }) =>
    api.moveDocument(projectId, documentId, folderId),
  );
}

/** A chat's scope: its detail and what its next run receives change. */
export function useSetThreadScope(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: ChatScope | null) => api.setThreadScope(threadId, scope),
    onSuccess: (thread: Thread) => {
      queryClient.setQueryData(queryKeys.thread(threadId), thread);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.threadContext(threadId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.threadLists }),
      ]);
    },
  });
}
