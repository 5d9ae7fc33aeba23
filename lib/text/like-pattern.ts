/** A LIKE/ILIKE pattern matching `text` anywhere, its wildcards and the escape taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
