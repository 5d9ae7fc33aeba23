import { isTextContent } from "@/lib/files/detect-text";
import type { TextSlice } from "@/lib/text/slice-text";
import type { ToolError } from "./tool-result";

/**
 * A page of a file's text for the read tools. The file was judged text from its first 8 KiB;
 * the page served is judged again, whole, so binary data further in (a NUL, a run of control
 * bytes) is refused with a reason rather than handed to the model.
 */
export function refuseBinaryPage<P extends { name: string } & TextSlice>(page: P | ToolError): P | ToolError {
  if ("error" in page) return page;
  if (isTextContent(Buffer.from(page.content, "utf8"), { sampleBytes: Number.POSITIVE_INFINITY })) return page;
  return {
    error: `${JSON.stringify(page.name)} holds binary data between characters ${page.offset} and ${page.offset + page.returnedChars}; that part cannot be read as text.`,
  };
}
