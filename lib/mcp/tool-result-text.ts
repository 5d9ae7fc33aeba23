// A tool call's result as the model receives it: the text of its content (images and binary
// resources named, not sent), cut to MCP_RESULT_MAX_BYTES of UTF-8 with a note saying how
// much was left out. A result the server marks as an error is an `{error}` the model reads.

type ContentItem = {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
};

export interface McpCallResult {
  content?: ContentItem[];
  structuredContent?: unknown;
  isError?: boolean;
}

function itemText(item: ContentItem): string {
  switch (item.type) {
    case "text":
      return item.text ?? "";
    case "image":
    case "audio":
      return `[${item.type} (${item.mimeType ?? "unknown type"}) not shown]`;
    case "resource":
      return item.resource?.text ?? `[resource ${item.resource?.uri ?? ""} (${item.resource?.mimeType ?? "binary"})]`;
    case "resource_link":
      return `[link: ${item.name ?? ""} ${item.uri ?? ""}]`.replace(/\s+]/, "]");
    default:
      return `[${item.type} content not shown]`;
  }
}

/** At most `maxBytes` of `text` in UTF-8, never splitting a character. */
function cutToBytes(text: string, maxBytes: number): { text: string; bytes: number } {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.length <= maxBytes) return { text, bytes: encoded.length };
  let end = maxBytes;
  // Back off to the start of a character (continuation bytes are 10xxxxxx).
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end--;
  return { text: encoded.subarray(0, end).toString("utf8"), bytes: encoded.length };
}

export type ModelToolOutput = { result: string; note?: string } | { error: string; note?: string };

export function toolResultForModel(result: McpCallResult, maxBytes: number): ModelToolOutput {
  const items = result.content ?? [];
  const whole =
    items.length > 0
      ? items.map(itemText).join("\n")
      : result.structuredContent !== undefined
        ? JSON.stringify(result.structuredContent)
        : "";
  const cut = cutToBytes(whole, maxBytes);
  const note =
    cut.text.length < whole.length
      ? `The result was cut: ${maxBytes} of its ${cut.bytes} bytes are shown (MCP_RESULT_MAX_BYTES).`
      : undefined;
  const body = result.isError ? { error: cut.text || "The tool failed." } : { result: cut.text };
  return note ? { ...body, note } : body;
}
