import type { ExportedMessage } from "./export-format";

// A thread as a Markdown file a person can read without the app: one section per message, text
// as written, tool calls as one quoted line each (name, input, a bounded slice of the result),
// attached files by name. Pure; the manifest keeps the exact parts for machines.

const TOOL_DETAIL_MAX_CHARS = 300;

const roleHeading: Record<ExportedMessage["role"], string> = { user: "You", assistant: "Assistant", system: "System" };

export function renderTranscript({
  title,
  projectName,
  messages,
}: {
  title: string;
  projectName: string | null;
  messages: ExportedMessage[];
}): string {
  const lines = [`# ${oneLine(title) || "Untitled chat"}`, ""];
  if (projectName !== null) lines.push(`Project: ${oneLine(projectName)}`, "");
  for (const message of messages) {
    lines.push(`## ${roleHeading[message.role]} · ${message.createdAt.replace("T", " ").replace(/\.\d+Z$/, "Z")}`, "");
    for (const part of message.parts) {
      const rendered = renderPart(part);
      if (rendered !== null) lines.push(rendered, "");
    }
    const attachments = attachmentNames(message.metadata);
    if (attachments.length > 0) lines.push(`Attached: ${attachments.join(", ")}`, "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

function renderPart(part: Record<string, unknown>): string | null {
  const type = String(part.type ?? "");
  if (type === "text") return String(part.text ?? "");
  if (type === "file") return `File: ${oneLine(String(part.filename ?? part.url ?? ""))}`;
  if (type.startsWith("tool-") || type === "dynamic-tool") {
    const name = type === "dynamic-tool" ? String(part.toolName ?? "tool") : type.slice("tool-".length);
    const input = bounded(JSON.stringify(part.input ?? {}));
    const result =
      part.state === "output-error"
        ? `error: ${bounded(String(part.errorText ?? ""))}`
        : bounded(JSON.stringify(part.output ?? null));
    return `> Tool \`${name}\` ${input} → ${result}`;
  }
  // Reasoning, step markers and data parts are the model's working, not the conversation.
  return null;
}

function attachmentNames(metadata: Record<string, unknown> | null): string[] {
  const attachments = metadata?.attachments;
  if (!Array.isArray(attachments)) return [];
  return attachments.map((file) => oneLine(String((file as { filename?: unknown }).filename ?? ""))).filter(Boolean);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function bounded(text: string): string {
  const flat = oneLine(text);
  return flat.length > TOOL_DETAIL_MAX_CHARS ? `${flat.slice(0, TOOL_DETAIL_MAX_CHARS)}…` : flat;
}
