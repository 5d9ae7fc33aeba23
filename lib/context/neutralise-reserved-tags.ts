// User-authored text (chat input, project names, instructions, document names) reaches the
// model next to blocks the server writes itself (`<project>`, `<documents>`, …). If such text
// could open or close one of those tags, a user, or a document's author, could forge project
// settings or close the real block early. The rule: the literal characters `<` + reserved
// name appear in a model request only where the server rendered them.
//
// Transformation: the `<` that starts a reserved tag (opening, closing, self-closing, any
// case, any attributes, whitespace or invisible characters after `<` or `/`) becomes the
// entity `&lt;`. Everything else is untouched, so `<project id="x">` reads as
// `&lt;project id="x">`: still legible to the model and to a human reading request logs,
// but no longer the tag. The output contains no `<` before a reserved name, so applying the
// neutraliser twice changes nothing. It is not reversible and does not try to be.

/** Tag names only the server may write. Compared case-insensitively. */
export const RESERVED_TAG_NAMES = [
  "project",
  "documents",
  "document",
  "current_uploads",
  "uploaded_files",
  "system",
  "system-reminder",
  "system_reminder",
  "memory",
  "current_date",
  "conversation_summary",
] as const;

// Whitespace and zero-width characters a tokenizer may skip between `<`, `/` and the name.
const GAP = "[\\s\\u200B-\\u200D\\u2060\\uFEFF]*";
// A longer name (`<projects>`, `<project-notes>`) is a different tag and stays as written.
const NAME_END = "(?![\\w:.-])";

const escapedNames = RESERVED_TAG_NAMES.map((name) => name.replace(/[-_]/g, "[-_]"));
const reservedTagStart = new RegExp(`<(?=${GAP}/?${GAP}(?:${escapedNames.join("|")})${NAME_END})`, "gi");

export function neutraliseReservedTags(text: string): string {
  return text.replace(reservedTagStart, "&lt;");
}

const attributeEntities: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "'": "&#39;",
  "<": "&lt;",
  ">": "&gt;",
};

/**
 * Escapes a value for `name="…"` / `id="…"`: quotes cannot end the attribute, `<`/`>`
 * cannot start or end a tag, and line breaks or other control characters cannot push the
 * rest of the opening tag onto another line.
 */
export function escapeAttributeValue(value: string): string {
  return value.replace(/[&"'<>\u0000-\u001F\u007F]/g, (char) => {
    return attributeEntities[char] ?? `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`;
  });
}
