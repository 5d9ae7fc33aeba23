import type { z } from "zod";
import { nulPathOf, NUL_REFUSED } from "@/lib/http/parse-input";
import { NOTE_REASON_MAX_CHARS, noteTextSchema } from "@/lib/notes/note-fields";
import { projectNameSchema } from "@/lib/projects/project-fields";
import { MESSAGE_TEXT_MAX_CHARS } from "@/lib/thread-messages/message-text-limit";
import { threadTitleSchema } from "@/lib/threads/thread-fields";
import { checkFileName } from "@/lib/files/file-name";
import { parseFolderPath } from "@/lib/folders/folder-rules";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import { FORMAT_VERSION, MANIFEST_PATH, manifestSchema, type Manifest } from "./export-format";
import { importRefused } from "./import-refused";

export interface ImportLimits {
  instructionsMaxBytes: number;
  noteMaxBytes: number;
  uploadMaxBytes: number;
}

/**
 * Parses the manifest and checks it against the archive's entries (path → uncompressed size)
 * before anything is created, so every refusal that can be known up front is a 422 with
 * nothing to undo: the version, the shape, every name against the product's rules, every
 * reference between entities, and a one-to-one match of named files and entries (sizes
 * included). Every field the API also takes is held to the route's own schema and bounds, and
 * NUL is refused anywhere, as in any request body (lib/http/parse-input.ts): an archive cannot
 * bring in what the API would refuse. Transcripts may be present or not; they are regenerated,
 * never read.
 */
export function checkManifest(raw: unknown, entrySizes: ReadonlyMap<string, number>, limits: ImportLimits): Manifest {
  const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
  if (version !== FORMAT_VERSION) {
    throw importRefused(
      "unknown_version",
      `format version ${JSON.stringify(version ?? null)} is not supported (this server reads version ${FORMAT_VERSION})`,
    );
  }
  const nul = nulPathOf(raw);
  if (nul !== null) throw importRefused("manifest_invalid", `${nul}: ${NUL_REFUSED}`, nul);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".");
    throw importRefused(
      "manifest_invalid",
      `the manifest is malformed at ${field || "(root)"}: ${issue.message}`,
      field || undefined,
    );
  }
  const manifest = parsed.data;
  const invalid = (message: string, field?: string) => importRefused("manifest_invalid", message, field);
  // A field the API takes, judged by the route's schema: the refusal names it and says why.
  const likeTheApi = (schema: z.ZodType, value: unknown, field: string) => {
    const result = schema.safeParse(value);
    if (!result.success) throw invalid(`${field}: ${result.error.issues[0]!.message}`, field);
  };
  const mismatch = (message: string) => importRefused("manifest_mismatch", message);

  const projectKeys = unique(
    manifest.projects.map((p) => p.key),
    (key) => invalid(`project key "${key}" appears twice`),
  );
  manifest.projects.forEach((project, i) => {
    if (!projectNameSchema.safeParse(project.name).success)
      throw invalid(`project name "${project.name}" is empty or too long`, `projects.${i}.name`);
    if (utf8ByteLength(project.instructions) > limits.instructionsMaxBytes) {
      throw invalid(
        `the instructions of "${project.name}" exceed this server's limit of ${limits.instructionsMaxBytes} bytes`,
        `projects.${i}.instructions`,
      );
    }
  });
  manifest.threads.forEach((thread, i) => {
    likeTheApi(threadTitleSchema, thread.title, `threads.${i}.title`);
    // What a person typed went through the run route's bound; the agent's answers have none.
    thread.messages.forEach((message, j) => {
      if (message.role !== "user") return;
      message.parts.forEach((part, k) => {
        if (typeof part.text === "string" && part.text.length > MESSAGE_TEXT_MAX_CHARS)
          throw invalid(
            `a message of chat "${thread.title}" is longer than ${MESSAGE_TEXT_MAX_CHARS} characters`,
            `threads.${i}.messages.${j}.parts.${k}.text`,
          );
      });
    });
  });
  const threadKeys = unique(
    manifest.threads.map((t) => t.key),
    (key) => invalid(`chat key "${key}" appears twice`),
  );

  const named = new Map<string, number>();
  const claim = (path: string, sizeBytes: number) => {
    if (named.has(path)) throw mismatch(`"${path}" is named twice`);
    if (!entrySizes.has(path)) throw mismatch(`the manifest names "${path}", which the archive does not contain`);
    if (entrySizes.get(path) !== sizeBytes)
      throw mismatch(`"${path}" is ${entrySizes.get(path)} bytes in the archive but ${sizeBytes} in the manifest`);
    if (sizeBytes > limits.uploadMaxBytes)
      throw importRefused(
        "too_large",
        `"${path}" is larger than this server's upload limit of ${limits.uploadMaxBytes} bytes`,
      );
    named.set(path, sizeBytes);
  };
  const folderPath = (path: string, where: string) => {
    try {
      parseFolderPath(path);
    } catch (error) {
      throw invalid(`${where}: folder "${path}": ${error instanceof Error ? error.message : "invalid"}`);
    }
  };
  for (const project of manifest.projects) {
    for (const path of project.folders ?? []) folderPath(path, `project "${project.name}"`);
    if (project.forkedFrom && !projectKeys.has(project.forkedFrom))
      throw invalid(`project "${project.name}" was forked from an unknown project`);
  }
  const fileName = (name: string, where: string) => {
    const check = checkFileName(name);
    if (!check.ok) throw invalid(`${where}: ${check.reason}`);
  };

  for (const document of manifest.documents) {
    if (document.project !== null && !projectKeys.has(document.project))
      throw invalid(`document "${document.name}" refers to an unknown project`);
    if (document.project === null && document.trashed === null)
      throw invalid(`document "${document.name}" is on no project's shelf`);
    if (document.source?.thread && !threadKeys.has(document.source.thread))
      throw invalid(`document "${document.name}" refers to an unknown chat`);
    fileName(document.name, `document "${document.name}"`);
    if (document.folder) folderPath(document.folder, `document "${document.name}"`);
    if (document.path !== null) claim(document.path, document.sizeBytes);
  }
  for (const thread of manifest.threads) {
    if (thread.project !== null && !projectKeys.has(thread.project))
      throw invalid(`chat "${thread.title}" refers to an unknown project`);
    for (const file of thread.files) {
      fileName(file.name, `a file of chat "${thread.title}"`);
      claim(file.path, file.sizeBytes);
    }
  }

  manifest.notes.forEach((note, i) => {
    likeTheApi(noteTextSchema, note.text, `notes.${i}.text`);
    if (note.source && note.source.reason.trim().length > NOTE_REASON_MAX_CHARS)
      throw invalid(
        `the reason of a note is longer than ${NOTE_REASON_MAX_CHARS} characters`,
        `notes.${i}.source.reason`,
      );
  });
  for (const note of manifest.notes) {
    if (note.project !== null && !projectKeys.has(note.project)) throw invalid("a note refers to an unknown project");
    if (note.project === null && note.trashed === null) throw invalid("a note is in no project");
    if (note.source?.thread && !threadKeys.has(note.source.thread)) throw invalid("a note refers to an unknown chat");
    // Only approved notes are recreated (proposals and dismissed ones are dropped), so only
    // they must fit this server's cap.
    if (note.state === "approved" && utf8ByteLength(note.text.trim()) > limits.noteMaxBytes)
      throw invalid(`a note exceeds this server's limit of ${limits.noteMaxBytes} bytes`);
  }

  const transcripts = new Set(manifest.threads.map((t) => t.transcript));
  for (const path of entrySizes.keys()) {
    if (path !== MANIFEST_PATH && !named.has(path) && !transcripts.has(path))
      throw mismatch(`the archive contains "${path}", which the manifest does not name`);
  }
  return manifest;
}

function unique(keys: string[], duplicate: (key: string) => Error): Set<string> {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) throw duplicate(key);
    seen.add(key);
  }
  return seen;
}
