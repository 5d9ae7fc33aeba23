// A shelf document dragged onto a folder of the tree: its id travels in the drag under this
// type, so the tree can tell it from files dragged in from the computer.
export const SHELF_DOCUMENT_DRAG_TYPE = "application/x-shelf-document";

export function dragHasShelfDocument(event: { dataTransfer: DataTransfer | null }): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes(SHELF_DOCUMENT_DRAG_TYPE);
}

/** How deep a folder sits, from its path: "a" is 1, "a/b" is 2. */
export function folderDepth(path: string): number {
  return path.split("/").length;
}
