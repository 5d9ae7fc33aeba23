import { queueDocumentIndexing } from "./search-indexing-queue";

/**
 * The search index's side of documents that change project
 * (docs/architecture.md § "Fork, merge and transfer").
 *
 * A moved row needs nothing here: its passages carry their document's project, and a trigger
 * rewrites it in the statement that moves the row, so a search never sees a moved document
 * under its old project. A copy (a new row sharing an original's bytes) is queued for indexing
 * once the caller has committed (the returned function): its text is read again from the shared
 * file's cached conversion, at the queue's pace rather than inside one long transaction, and its
 * passages hash as the original's do, so their vectors are found, not embedded again. Until
 * then a copy is found by its name.
 */
export function carrySearchIndex(copied: readonly string[]): () => void {
  return () => {
    for (const id of copied) queueDocumentIndexing(id);
  };
}
