import { citationMarkers } from "@/lib/thread-messages/extract-citations";

// An answer's `[3]` and `[2, 5]` become one `cite-ref` element per number, which the renderer
// draws as a chip (citation-marker.tsx). Runs after sanitize, on the tree the answer's own
// Markdown produced, so it adds elements nothing else could smuggle in. Text in code and links
// is left alone: `[1]` there is what the model wrote, not a citation.

interface TextNode {
  type: "text";
  value: string;
}
interface ElementNode {
  type: "element";
  tagName: string;
  properties: Record<string, unknown>;
  children: Node[];
}
type Node = TextNode | ElementNode | { type: string; children?: Node[] };

const LEAVE_ALONE = new Set(["code", "pre", "a", "kbd", "samp"]);

function split(text: TextNode): Node[] | null {
  const markers = citationMarkers(text.value);
  if (markers.length === 0) return null;
  const nodes: Node[] = [];
  let at = 0;
  for (const marker of markers) {
    if (marker.start > at) nodes.push({ type: "text", value: text.value.slice(at, marker.start) });
    for (const n of marker.numbers)
      nodes.push({ type: "element", tagName: "cite-ref", properties: { dataN: String(n) }, children: [] });
    at = marker.end;
  }
  if (at < text.value.length) nodes.push({ type: "text", value: text.value.slice(at) });
  return nodes;
}

function walk(node: Node): void {
  if (!("children" in node) || !node.children) return;
  if (node.type === "element" && LEAVE_ALONE.has((node as ElementNode).tagName)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text") return split(child as TextNode) ?? [child];
    walk(child);
    return [child];
  });
}

export function rehypeCitationMarkers() {
  return (tree: Node) => walk(tree);
}
