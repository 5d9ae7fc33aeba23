// A message written on the workspace home travels to its new chat through sessionStorage:
// the chat page sends it once, through the same path as a message typed there, so admission,
// the 409 and every rule apply unchanged. Taking it removes it, so a reload never resends.

const key = (threadId: string) => `workspace:first-message:${threadId}`;

export function stashFirstMessage(threadId: string, text: string): void {
  sessionStorage.setItem(key(threadId), text);
}

export function takeFirstMessage(threadId: string): string | null {
  const text = sessionStorage.getItem(key(threadId));
  if (text !== null) sessionStorage.removeItem(key(threadId));
  return text;
}
