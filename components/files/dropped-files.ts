/** Whether a drag carries files (not text or a link being dragged within the page). */
export function dragHasFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

export function droppedFiles(event: { dataTransfer: DataTransfer | null }): File[] {
  return Array.from(event.dataTransfer?.files ?? []);
}

/** Files with their path inside a dropped or picked folder (null for a file dropped on its own). */
export interface DroppedFiles {
  files: File[];
  paths: (string | null)[];
}

/**
 * Every file of a drop, folders walked to the bottom, each with its path inside the folder it
 * came in (`Folder/a/b.txt`). The entries are taken while the drop event lasts (the browser
 * forgets them after it); the walk itself is asynchronous.
 */
export function droppedFilesWithPaths(event: { dataTransfer: DataTransfer | null }): Promise<DroppedFiles> {
  const items = Array.from(event.dataTransfer?.items ?? []).filter((item) => item.kind === "file");
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null) || !entries.some((e) => e!.isDirectory))
    return Promise.resolve({ files: droppedFiles(event), paths: droppedFiles(event).map(() => null) });
  return (async () => {
    const found: DroppedFiles = { files: [], paths: [] };
    for (const entry of entries) await walk(entry!, found, entry!.isDirectory ? entry!.name : null);
    return found;
  })();
}

/** The files of a folder picker (`webkitdirectory`), each with its path inside the picked folder. */
export function pickedFolderFiles(list: FileList): DroppedFiles {
  const files = Array.from(list);
  return { files, paths: files.map((file) => file.webkitRelativePath || null) };
}

async function walk(entry: FileSystemEntry, found: DroppedFiles, path: string | null): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    found.files.push(file);
    found.paths.push(path);
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 at a time in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const child of batch) await walk(child, found, `${path ?? entry.name}/${child.name}`);
  }
}
