import { describe, expect, it } from "vitest";
import { imageStubLine, planImageTreatment, plansImageParts, plansOmittedImages } from "@/lib/context/image-turns";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";

// Which images a request shows, from the history alone
// (docs/architecture.md § "The path of a run", step 5).

const file = (filename: string) => ({ filename, sizeBytes: 10, virtualPath: `/mnt/user-data/uploads/${filename}` });
const user = (id: string, ...files: string[]): ThreadMessage => ({
  id,
  role: "user",
  parts: [{ type: "text", text: id }],
  metadata: files.length ? { attachments: files.map(file) } : {},
});
const answer = (id: string): ThreadMessage => ({ id, role: "assistant", parts: [{ type: "text", text: "ok" }] });

const history = [
  user("u1", "a.png"),
  answer("a1"),
  user("u2", "notes.pdf"),
  answer("a2"),
  user("u3", "b.jpg", "c.webp"),
  answer("a3"),
  user("u4"),
  answer("a4"),
  user("u5", "d.gif"),
];

describe("planImageTreatment", () => {
  it.each([
    ["a model that may see, 4 turns", 4, null, { u3: "send", u5: "send", u1: "stub" }],
    ["a model that sees, 2 turns", 2, true, { u5: "send", u3: "stub", u1: "stub" }],
    ["1 turn: only the current one", 1, true, { u5: "send", u3: "stub", u1: "stub" }],
    ["every turn within the window", 100, null, { u1: "send", u3: "send", u5: "send" }],
    ["a text-only model: names, whatever the turn", 4, false, { u1: "name", u3: "name", u5: "name" }],
  ] as const)("%s", (_case, historyTurns, vision, expected) => {
    const plan = planImageTreatment(history, { historyTurns, vision });
    expect(Object.fromEntries(plan)).toEqual(expected);
  });

  it("counts user turns only, skips non-image attachments and messages without any", () => {
    const plan = planImageTreatment([user("x", "report.pdf"), answer("y")], { historyTurns: 4, vision: true });
    expect(plan.size).toBe(0);
    expect(plansImageParts(plan)).toBe(false);
    expect(plansOmittedImages(plan)).toBe(false);
  });

  it("tells whether images are shown or named", () => {
    expect(plansImageParts(planImageTreatment(history, { historyTurns: 1, vision: null }))).toBe(true);
    expect(plansOmittedImages(planImageTreatment(history, { historyTurns: 1, vision: false }))).toBe(true);
  });
});

describe("imageStubLine", () => {
  it("names the image and its size on one line, escaping the name", () => {
    expect(imageStubLine({ ...file('a "b".png'), image: { width: 30, height: 20 } })).toBe(
      '[Image "a \\"b\\".png" (30×20) from an earlier turn is not shown again; call view_image with {"fileName": "a \\"b\\".png"} to look at it.]',
    );
  });
});
