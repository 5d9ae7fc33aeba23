import { isConvertible } from "@/lib/conversion/convert-to-markdown";
import { conversionFailureClause } from "@/lib/conversion/conversion-failure";
import { readAsText } from "@/lib/conversion/read-as-text";
import { AppError } from "@/lib/errors";
import { fileStatsIfPresent, readFileBytes } from "@/lib/storage/stored-files";
import { readCompanion, storeCompanionMarkdown } from "./converted-companion";
import { resolveThreadFile } from "./thread-file-path";
import type { ThreadFileKind } from "./thread-file-dto";

export type ThreadFileText = { filename: string; text: string; converted: boolean } | { error: string };

function noSuchFile(kind: ThreadFileKind, name: string): { error: string } {
  return {
    error: `There is no ${kind} named ${JSON.stringify(name)} in this chat. Call list_thread_files to see the names.`,
  };
}

/**
 * A thread file as text, for the `read_thread_file` tool (which slices it). Convertible
 * uploads (PDF, DOCX, XLSX, HTML, …) are served as their markdown companion, converting and
 * caching it on first read if the upload predates conversion; text is detected from the
 * bytes, not the name; anything else is an error the model can read and act on. Never
 * throws for a missing or unreadable file: the tool returns the error as its result.
 */
export async function readThreadFileText({
  userId,
  threadId,
  kind,
  name,
}: {
  userId: string;
  threadId: string;
  kind: ThreadFileKind;
  name: string;
}): Promise<ThreadFileText> {
  const ref = { userId, threadId };
  let file: { name: string; path: string };
  try {
    file = await resolveThreadFile({ ...ref, kind, name });
    if (!(await fileStatsIfPresent(file.path))?.isFile) return noSuchFile(kind, name);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return noSuchFile(kind, name);
    throw error;
  }

  const result = await readAsText({
    name: file.name,
    convertible: kind === "upload" && isConvertible(file.name),
    readBytes: () => readFileBytes(file.path),
    cache: {
      key: file.path,
      read: () => readCompanion(ref, file.name),
      store: (markdown) => storeCompanionMarkdown({ ref, name: file.name, markdown, replace: false }),
    },
  });
  switch (result.kind) {
    case "text":
      return { filename: file.name, text: result.text, converted: result.converted };
    case "conversion_disabled":
      return {
        error: `${JSON.stringify(file.name)} needs conversion to be read as text, and document conversion is turned off on this server (AUTO_CONVERT_DOCUMENTS).`,
      };
    case "unconvertible":
      return { error: `${JSON.stringify(file.name)} ${conversionFailureClause(result.reason)}.` };
    case "binary":
      return { error: `${JSON.stringify(file.name)} is a binary file and cannot be read as text.` };
  }
}
