/** `text` with every case-insensitive occurrence of `query` marked, for search results. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  const needle = query.toLocaleLowerCase();
  if (!needle) return <>{text}</>;
  const haystack = text.toLocaleLowerCase();
  const parts: React.ReactNode[] = [];
  let from = 0;
  // Lower-casing can change a string's length for a few scripts; then nothing is marked
  // rather than the wrong characters.
  if (haystack.length === text.length) {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
      if (at > from) parts.push(text.slice(from, at));
      parts.push(
        <mark key={at} className="rounded-sm bg-amber-200 px-0.5 text-zinc-900 dark:bg-amber-300">
          {text.slice(at, at + needle.length)}
        </mark>,
      );
      from = at + needle.length;
    }
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
