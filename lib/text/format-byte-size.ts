// Human-readable sizes for the documents index ("2.1 MB"). Binary multiples, one decimal at
// most: enough for the model to judge whether a document is worth reading in pages.

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

export function formatByteSize(bytes: number): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? Math.floor(bytes) : 0;
  let unit = 0;
  let value = safe;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} B`;
  let rounded = Math.round(value * 10) / 10;
  // 1023.96 KB rounds to 1024 KB: show it as the next unit instead.
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = Math.round((rounded / 1024) * 10) / 10;
    unit += 1;
  }
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${UNITS[unit]}`;
}
