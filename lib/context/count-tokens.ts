import { createHash } from "node:crypto";
import { asSchema, type ModelMessage, type ToolSet } from "ai";
import { countTokens } from "gpt-tokenizer";

// Token counts of what a model request carries, with a real BPE tokenizer (o200k_base, the
// encoding of OpenAI's current models; other models' tokenizers land within a few percent
// of it on ordinary text). Counting a whole request is done before every model call, and a
// long thread's messages are the same from one call to the next, so each text's count is
// cached by a digest of the text: only new text is ever tokenized.
//
// The overheads mirror the Chat Completions wire format (role markers, tool call ids and
// names): a few tokens per message or call, counted so that many short messages do not add
// up to an unnoticed overflow.

const MESSAGE_OVERHEAD = 4;
const TOOL_CALL_OVERHEAD = 8;
/**
 * A picture costs what a model charges for it, not its base64 length: a fixed 1,000 tokens
 * (OpenAI's high-detail price of a 2048 px image is 765–1,105: docs/operations.md § "Images").
 */
export const IMAGE_TOKENS = 1000;
const REPLY_PRIMING = 3;

const CACHE_MAX_ENTRIES = 50_000;
const cache = new Map<string, number>();
// Short texts are their own key; long ones are keyed by a digest so the cache holds no copies.
const DIGEST_FROM_CHARS = 128;

export function countTextTokens(text: string): number {
  if (text === "") return 0;
  const key = text.length < DIGEST_FROM_CHARS ? text : `#${createHash("sha1").update(text).digest("base64")}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  // Text such as "<|endoftext|>" is ordinary text here, never a special token.
  const count = countTokens(text, { disallowedSpecial: new Set() });
  if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, count);
  return count;
}

function jsonText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

type Part = Exclude<ModelMessage["content"], string>[number];

function partTokens(part: Part): number {
  switch (part.type) {
    case "text":
    case "reasoning":
      return countTextTokens(part.text);
    case "tool-call":
      return TOOL_CALL_OVERHEAD + countTextTokens(part.toolName) + countTextTokens(jsonText(part.input));
    case "tool-result":
      return TOOL_CALL_OVERHEAD + countTextTokens(jsonText("value" in part.output ? part.output.value : part.output));
    case "image":
      return IMAGE_TOKENS;
    case "file":
      // Images come as file parts (history-to-model-messages.ts): their fixed cost, never their bytes.
      return part.mediaType.startsWith("image") ? IMAGE_TOKENS : countTextTokens(jsonText(part.data));
    default:
      return countTextTokens(jsonText(part));
  }
}

/** One message as the model receives it. */
export function countMessageTokens(message: ModelMessage): number {
  const content = message.content as string | Part[];
  if (typeof content === "string") return MESSAGE_OVERHEAD + countTextTokens(content);
  return content.reduce((sum, part) => sum + partTokens(part), MESSAGE_OVERHEAD);
}

/** The system prompt and every tool's schema: what a request carries besides its messages. */
export async function countFixedTokens({
  instructions,
  tools,
}: {
  instructions: string;
  tools: ToolSet;
}): Promise<number> {
  const schemas = await Promise.all(
    Object.entries(tools).map(async ([name, tool]) => {
      const parameters = await asSchema(tool.inputSchema).jsonSchema;
      return JSON.stringify({ type: "function", function: { name, description: tool.description, parameters } });
    }),
  );
  return MESSAGE_OVERHEAD + countTextTokens(instructions) + countTextTokens(schemas.join("\n")) + REPLY_PRIMING;
}
