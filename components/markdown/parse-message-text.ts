// A small, safe reading of the markdown models tend to write: fenced code, headings, lists
// and paragraphs, with `code` and **bold** inline. It produces plain data that React renders
// as text nodes, so nothing the model writes can become markup (no HTML, no links).
// A full markdown library would be more faithful; this covers what chat answers use and
// keeps streaming cheap (an unclosed fence simply runs to the end until it closes).

export type TextBlock =
  | { type: "code"; language: string; code: string }
  | { type: "heading"; level: number; text: string }
  | { type: "list"; ordered: boolean; items: string[] }
  | { type: "paragraph"; text: string };

export type InlineSpan = { type: "text" | "code" | "bold"; text: string };

const FENCE = /^\s*```\s*([\w+#.-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.+)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function parseMessageText(source: string): TextBlock[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];

  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flushParagraph();
      const code: string[] = [];
      for (i++; i < lines.length && !FENCE.test(lines[i]!); i++) code.push(lines[i]!);
      blocks.push({ type: "code", language: fence[1] ?? "", code: code.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      blocks.push({ type: "heading", level: heading[1]!.length, text: heading[2]! });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flushParagraph();
      const ordered = Boolean(numbered);
      const item = (bullet ?? numbered)![1]!;
      const previous = blocks.at(-1);
      if (previous?.type === "list" && previous.ordered === ordered) previous.items.push(item);
      else blocks.push({ type: "list", ordered, items: [item] });
      continue;
    }
    if (line.trim() === "") flushParagraph();
    else paragraph.push(line);
  }
  flushParagraph();
  return blocks;
}

const INLINE = /(`[^`\n]+`|\*\*[^*\n]+\*\*)/g;

export function parseInline(text: string): InlineSpan[] {
  return text
    .split(INLINE)
    .filter((piece) => piece !== "")
    .map((piece) => {
      if (piece.length > 2 && piece.startsWith("`") && piece.endsWith("`")) return { type: "code", text: piece.slice(1, -1) };
      if (piece.length > 4 && piece.startsWith("**") && piece.endsWith("**")) return { type: "bold", text: piece.slice(2, -2) };
      return { type: "text", text: piece };
    });
}
