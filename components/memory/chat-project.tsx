"use client";

import { createContext, useContext, type ReactNode } from "react";

// The project a chat is in, for what its messages show of the project (the cards of the
// agent's note proposals). Provided by the chat page from the thread it shows; null for a
// chat outside a project.

const ChatProjectContext = createContext<string | null>(null);

export function ChatProjectProvider({ projectId, children }: { projectId: string | null; children: ReactNode }) {
  return <ChatProjectContext.Provider value={projectId}>{children}</ChatProjectContext.Provider>;
}

export function useChatProjectId(): string | null {
  return useContext(ChatProjectContext);
}
