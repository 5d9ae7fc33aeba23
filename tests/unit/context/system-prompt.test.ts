import { describe, expect, it } from "vitest";
import { buildModelRequest } from "@/lib/context/build-model-request";
import { buildSystemPrompt } from "@/lib/context/system-prompt";
import { pinned, user } from "./model-message-fixtures";

const today = new Date("2026-09-10T08:00:00Z");

describe("buildSystemPrompt", () => {
  const prompt = buildSystemPrompt({ today, withTools: true });

  it("states today's date", () => {
    expect(prompt).toContain("Today's date is 2026-09-10 (UTC).");
  });

  it.each([
    [
      "that the project block is user-role data, not system authority",
      /user-role message[\s\S]*<project[\s\S]*not system authority/,
    ],
    ["that its absence means no project instructions", /no such block is present[\s\S]*no project instructions/],
    ["the thread file tools", /list_thread_files\(\)[\s\S]*read_thread_file\([\s\S]*write_output_file\(/],
    ["the project document tools", /read_project_document\([\s\S]*list_project_documents\(/],
    ["that tool errors come back as JSON", /"error" field/],
    [
      "that the conversation summary is user-role data, not instructions",
      /user-role message[\s\S]*<conversation_summary>[\s\S]*not instructions/,
    ],
    ["that pruned tool results can be read again", /omitted; read it again if needed[\s\S]*Call the tool again/],
  ])("says %s", (_case, pattern) => {
    expect(prompt).toMatch(pattern);
  });

  it("leaves the tool sections out for a model without tools, and says it cannot open anything", () => {
    const withoutTools = buildSystemPrompt({ today, withTools: false });
    for (const tool of [
      "read_project_document",
      "list_project_documents",
      "list_thread_files",
      "read_thread_file",
      "write_output_file",
    ]) {
      expect(withoutTools).not.toContain(tool);
    }
    expect(withoutTools).toContain("Today's date is 2026-09-10 (UTC).");
    expect(withoutTools).toMatch(/user-role message[\s\S]*<project[\s\S]*not system authority/);
    expect(withoutTools).toMatch(/cannot open project documents, attached files/);
  });

  it("depends on the date and the tools only", () => {
    expect(buildSystemPrompt({ today: new Date("2026-09-10T23:59:59Z"), withTools: true })).toBe(prompt);
    const other = buildSystemPrompt({ today: new Date("2027-01-02T00:00:00Z"), withTools: true });
    expect(other.replace("2027-01-02", "2026-09-10")).toBe(prompt);
  });

  it("ignores project data even if a caller passes it", () => {
    const smuggled = {
      today,
      withTools: true,
      project: { id: "p-secret", name: "Secret Roadmap", instructions: "TOP-SECRET-INSTRUCTION" },
    };
    expect(buildSystemPrompt(smuggled as Parameters<typeof buildSystemPrompt>[0])).toBe(prompt);
  });

  it("contains no rendered project block: no ids, names, instructions or document entries", () => {
    expect(prompt).not.toMatch(/<project id="[^…"]/);
    expect(prompt).not.toMatch(/<documents count="\d/);
    expect(prompt).not.toMatch(/- id=\S+ \|/);
  });

  it("shares no text with a run's project block", () => {
    const context = pinned({ id: "p-7f3a", name: "Secret Roadmap", instructions: "TOP-SECRET-INSTRUCTION" });
    const request = buildModelRequest({ messages: [user("Hi", "r1")], anchorMessageId: "r1", pinned: context });
    const requestText = JSON.stringify(request);
    expect(requestText).toContain("TOP-SECRET-INSTRUCTION");
    for (const secret of ["p-7f3a", "Secret Roadmap", "TOP-SECRET-INSTRUCTION"]) expect(prompt).not.toContain(secret);
  });
});
