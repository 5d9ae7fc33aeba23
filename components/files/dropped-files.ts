/** Whether a drag carries files (not text or a link being dragged within the page). */
export function dragHasFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

export function droppedFiles(event: { dataTransfer: DataTransfer | null }): File[] {
  return Array.from(event.dataTransfer?.files ?? []);
}
