import { describe, expect, it } from "vitest";
import { noteLabelText } from "@/components/memory/note-label-text";

describe("noteLabelText", () => {
  it("reads a note's words without its Markdown marks", () => {
    expect(noteLabelText("Cite in **APA 7**, see [the guide](https://apastyle.apa.org)")).toBe(
      "Cite in APA 7, see the guide",
    );
    expect(noteLabelText("## Style\n> Use `et al.` for _three_ or more\n- always")).toBe(
      "Style Use et al. for three or more always",
    );
  });

  it("keeps marks that are not Markdown, and snake_case words whole", () => {
    expect(noteLabelText("2 * 3 = 6 and file_name_here")).toBe("2 * 3 = 6 and file_name_here");
  });

  it("is one line of at most 60 characters", () => {
    const label = noteLabelText(`${"word ".repeat(30)}\n\nmore`);
    expect(label).toHaveLength(60);
    expect(label.endsWith("…")).toBe(true);
    expect(label).not.toContain("\n");
  });
});
