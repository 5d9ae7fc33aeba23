import { describe, expect, it } from "vitest";
import { hasImageParts, omittedImageLine, withoutImageParts } from "@/lib/models/retry-without-images";

// The retried call of a model that refused images: every image becomes the line naming it,
// everything else stays exactly as it was.

type Prompt = Parameters<typeof withoutImageParts>[0];

const image = (filename?: string) => ({
  type: "file" as const,
  data: { type: "data" as const, data: new Uint8Array([1]) },
  mediaType: "image/jpeg",
  ...(filename ? { filename } : {}),
});
const pdf = {
  type: "file" as const,
  data: { type: "data" as const, data: new Uint8Array([2]) },
  mediaType: "application/pdf",
};

describe("withoutImageParts", () => {
  it("replaces each image of each user message by its name, in place", () => {
    const prompt = [
      { role: "system", content: "rules" },
      { role: "user", content: [{ type: "text", text: "look" }, image("a.png"), image()] },
      { role: "assistant", content: [{ type: "text", text: "ok" }] },
      { role: "user", content: [image('b "c".jpg')] },
    ] as unknown as Prompt;
    expect(hasImageParts(prompt)).toBe(true);
    const out = withoutImageParts(prompt);
    expect(hasImageParts(out)).toBe(false);
    expect(out[0]).toBe(prompt[0]);
    expect(out[2]).toBe(prompt[2]);
    expect(out[1]!.content).toEqual([
      { type: "text", text: "look" },
      { type: "text", text: omittedImageLine("a.png") },
      { type: "text", text: omittedImageLine(undefined) },
    ]);
    expect(out[3]!.content).toEqual([
      {
        type: "text",
        text: '[Image "b \\"c\\".jpg" is attached, but this model cannot see images: only its name is given.]',
      },
    ]);
  });

  it("leaves a prompt without images, and files that are not images, alone", () => {
    const prompt = [{ role: "user", content: [{ type: "text", text: "hi" }, pdf] }] as unknown as Prompt;
    expect(hasImageParts(prompt)).toBe(false);
    expect(withoutImageParts(prompt)).toEqual(prompt);
  });
});
