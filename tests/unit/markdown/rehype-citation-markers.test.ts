import { describe, expect, it } from "vitest";
import { rehypeCitationMarkers } from "@/components/markdown/rehype-citation-markers";

type Node = { type: string; value?: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[] };

const text = (value: string): Node => ({ type: "text", value });
const el = (tagName: string, ...children: Node[]): Node => ({ type: "element", tagName, properties: {}, children });

function run(...children: Node[]): Node[] {
  const tree: Node = { type: "root", children };
  rehypeCitationMarkers()(tree as never);
  return tree.children!;
}

/** The tree as text, a chip as {n}. */
function shown(nodes: Node[]): string {
  return nodes
    .map((node) =>
      node.type === "text"
        ? node.value
        : node.tagName === "cite-ref"
          ? `{${String(node.properties!.dataN)}}`
          : `<${node.tagName}>${shown(node.children ?? [])}</${node.tagName}>`,
    )
    .join("");
}

describe("rehypeCitationMarkers", () => {
  it.each([
    ["one marker", "Launch in March [1].", "Launch in March {1}."],
    ["a list of numbers", "Both [2, 5] agree.", "Both {2}{5} agree."],
    ["markers side by side", "See [2][3]", "See {2}{3}"],
    ["no marker", "Nothing [here] to cite.", "Nothing [here] to cite."],
    ["a marker at the very start", "[4] says so", "{4} says so"],
  ])("%s", (_, input, expected) => {
    expect(shown(run(el("p", text(input))))).toBe(`<p>${expected}</p>`);
  });

  it("leaves code, preformatted text and links as written", () => {
    const tree = run(el("p", el("code", text("a[1]"))), el("pre", text("x = y[2]")), el("a", text("[3]")));
    expect(shown(tree)).toBe("<p><code>a[1]</code></p><pre>x = y[2]</pre><a>[3]</a>");
  });

  it("reaches markers inside emphasis and lists", () => {
    expect(shown(run(el("ul", el("li", el("strong", text("Key [1]"))))))).toBe(
      "<ul><li><strong>Key {1}</strong></li></ul>",
    );
  });
});
