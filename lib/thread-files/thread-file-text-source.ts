import path from "node:path";
import { isConvertible } from "@/lib/conversion/convert-to-markdown";
import { conversionFailureClause } from "@/lib/conversion/conversion-failure";
import { readAsText } from "@/lib/conversion/read-as-text";
import { AppError } from "@/lib/errors";
import { isTextContent, TEXT_SAMPLE_BYTES } from "@/lib/files/detect-text";
import { config } from "@/lib/config/env";
import { threadCompanionPath, threadOffsetSidecarPath } from "@/lib/storage/layout";
import { ensureFolder, fileStatsIfPresent, readFileBytes, readFileRange } from "@/lib/storage/stored-files";
import { readCompanion, storeCompanionMarkdown } from "./converted-companion";
import { resolveThreadFile } from "./thread-file-path";
import { folderOfKind, type ThreadFileKind } from "./thread-file-dto";

/**
 * Where a thread file's text can be read from: a file on disk (the file itself, or an
 * upload's markdown companion) with the offset sidecar that lets a slice read only its own
 * bytes, or text held in memory (a conversion whose companion could not be stored).
 */
export type ThreadFileTextSource =
  | { kind: "file"; filename: string; textPath: string; sidecarPath: string; converted: boolean }
  | { kind: "text"; filename: string; text: string; converted: boolean }
  | { error: string };

function noSuchFile(kind: ThreadFileKind, name: string): { error: string } {
  return {
    error: `There is no ${kind} named ${JSON.stringify(name)} in this chat. Call list_thread_files to see the names.`,
  };
}

/**
 * The text of a thread file, for the `read_thread_file` tool (which slices it). Convertible
 * uploads (PDF, DOCX, XLSX, HTML, …) are served as their markdown companion, converting and
 * caching it on first read if the upload predates conversion; text is detected from the
 * first bytes, not the name; anything else is an error the model can read and act on. Never
 * throws for a missing or unreadable file: the tool returns the error as its result.
 */
export async function threadFileTextSource({
  userId,
  threadId,
  kind,
  name,
}: {
  userId: string;
  threadId: string;
  kind: ThreadFileKind;
  name: string;
}): Promise<ThreadFileTextSource> {
  const ref = { userId, threadId };
  let file: { name: string; path: string };
  try {
    file = await resolveThreadFile({ ...ref, kind, name });
    if (!(await fileStatsIfPresent(file.path))?.isFile) return noSuchFile(kind, name);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return noSuchFile(kind, name);
    throw error;
  }
  const folder = folderOfKind[kind];
  const sidecarOf = async (text: "original" | "converted") => {
    const sidecarPath = await threadOffsetSidecarPath(ref, folder, file.name, text);
    // The sidecar is written atomically into its own folder only (never its parents).
    await ensureFolder(path.dirname(path.dirname(sidecarPath)));
    return sidecarPath;
  };
  const original = async () => ({
    kind: "file" as const,
    filename: file.name,
    textPath: file.path,
    sidecarPath: await sidecarOf("original"),
    converted: false,
  });

  const convertible = kind === "upload" && isConvertible(file.name);
  if (convertible && config().autoConvertDocuments) {
    const companionPath = await threadCompanionPath(ref, file.name);
    const converted = async () => ({
      kind: "file" as const,
      filename: file.name,
      textPath: companionPath,
      sidecarPath: await sidecarOf("converted"),
      converted: true,
    });
    if ((await fileStatsIfPresent(companionPath))?.isFile) return converted();
    const result = await readAsText({
      name: file.name,
      convertible: true,
      readBytes: () => readFileBytes(file.path),
      cache: {
        key: file.path,
        read: () => readCompanion(ref, file.name),
        store: (markdown) => storeCompanionMarkdown({ ref, name: file.name, markdown, replace: false }),
      },
    });
    switch (result.kind) {
      case "text":
        if (!result.converted) return original();
        // Converted, but the companion could not be stored: serve this conversion from memory.
        return (await fileStatsIfPresent(companionPath))?.isFile
          ? converted()
          : { kind: "text", filename: file.name, text: result.text, converted: true };
      case "unconvertible":
        return { error: `${JSON.stringify(file.name)} ${conversionFailureClause(result.reason)}.` };
      default:
        return { error: `${JSON.stringify(file.name)} is a binary file and cannot be read as text.` };
    }
  }
  if (isTextContent(await readFileRange(file.path, 0, TEXT_SAMPLE_BYTES))) return original();
  if (convertible)
    return {
      error: `${JSON.stringify(file.name)} needs conversion to be read as text, and document conversion is turned off on this server (AUTO_CONVERT_DOCUMENTS).`,
    };
  return { error: `${JSON.stringify(file.name)} is a binary file and cannot be read as text.` };
}
