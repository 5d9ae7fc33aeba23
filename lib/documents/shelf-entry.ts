// What the model is told of one shelf document, and the snapshot of the shelf a run pins
// (read by shelf-snapshot.ts, rendered by lib/context/render-project-context.ts).

export interface ShelfEntry {
  id: string;
  name: string;
  sizeBytes: number;
  updatedAt: Date;
  /** The path of the folder it sits in (names joined by "/"); null or absent at the root. */
  folderPath?: string | null;
}

/** `total` is the exact live count; `entries` the first rows in index order (`updatedAt DESC, id ASC`). */
export interface ShelfSnapshot {
  total: number;
  entries: readonly ShelfEntry[];
}
