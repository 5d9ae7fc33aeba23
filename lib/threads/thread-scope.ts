// A chat's scope (docs/architecture.md § "Shelf folders and chat scope"): the folders (each with
// everything below it) and documents of its project that the chat's runs see. Null is the whole
// shelf. Stored as the thread's two id arrays; lib/folders/scope-predicate.ts turns it into SQL.

export interface ChatScope {
  folderIds: string[];
  documentIds: string[];
}

/** The scope from a thread's two columns: both empty is no scope (the whole shelf). */
export function chatScopeOf(row: { scopeFolderIds: string[]; scopeDocumentIds: string[] }): ChatScope | null {
  return row.scopeFolderIds.length === 0 && row.scopeDocumentIds.length === 0
    ? null
    : { folderIds: [...row.scopeFolderIds], documentIds: [...row.scopeDocumentIds] };
}
