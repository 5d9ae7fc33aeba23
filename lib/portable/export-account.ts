import { PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";
import { getDb } from "@/lib/db/client";
import { loadThreadHistory } from "@/lib/thread-messages/thread-history";
import { fileReadStream } from "@/lib/storage/stored-files";
import { FORMAT_VERSION, MANIFEST_PATH, type ExportedMessage, type ExportedThread } from "./export-format";
import { planExport, type ExportPlan, type PlannedThread } from "./plan-export";
import { renderTranscript } from "./render-transcript";

export interface AccountExport {
  /** The zip, produced as it is read: nothing is buffered beyond the current entry's chunk. */
  stream: ReadableStream<Uint8Array>;
  /** Bytes of the files carried: the UI's progress estimate (the zip is a little larger). */
  estimatedBytes: number;
}

/**
 * GET /api/export: everything the user owns as one zip
 * (docs/architecture.md § "Export and import"). The plan (metadata and archive paths) is read
 * first; then yazl pulls one entry at a time: the manifest (written as a stream, one thread's
 * messages at a time), the documents' original bytes, each thread's files and its Markdown
 * transcript. Files are stored, not deflated: originals are mostly compressed formats already and
 * storing keeps export at disk speed.
 */
export async function exportAccount({
  userId,
  includeTrash,
}: {
  userId: string;
  includeTrash: boolean;
}): Promise<AccountExport> {
  const plan = await planExport({ userId, includeTrash });
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  // A file that vanished or changed size since planning ends the download with an error
  // rather than a zip that silently lacks it.
  zip.on("error", (error: Error) => output.destroy(error));
  const mtime = new Date(plan.exportedAt);

  zip.addReadStreamLazy(MANIFEST_PATH, { mtime }, (done) => done(null, textStream(manifestChunks(userId, plan))));
  for (const file of plan.documentFiles) {
    zip.addReadStreamLazy(file.path, { mtime, compress: false, size: file.sizeBytes }, (done) =>
      done(null, fileReadStream(file.source, file.sizeBytes)),
    );
  }
  for (const thread of plan.threads) {
    zip.addReadStreamLazy(thread.transcript, { mtime }, (done) =>
      done(null, textStream(transcriptChunks(userId, thread))),
    );
    for (const file of thread.files) {
      zip.addReadStreamLazy(file.path, { mtime, compress: false, size: file.sizeBytes }, (done) =>
        done(null, fileReadStream(file.source, file.sizeBytes)),
      );
    }
  }
  zip.end();
  return { stream: Readable.toWeb(output) as ReadableStream<Uint8Array>, estimatedBytes: plan.fileBytes };
}

/** Text chunks as a byte stream (yazl counts and checksums bytes, not strings). */
function textStream(chunks: AsyncGenerator<string>): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of chunks) yield Buffer.from(chunk, "utf8");
    })(),
    { objectMode: false },
  );
}

async function threadMessages(userId: string, threadId: string): Promise<ExportedMessage[]> {
  const history = await loadThreadHistory(await getDb(), { threadId, userId });
  return history.map(({ id, role, parts, metadata }) => {
    const { createdAt, ...rest } = metadata ?? {};
    return {
      key: id,
      role,
      parts: parts as unknown as ExportedMessage["parts"],
      metadata: Object.keys(rest).length > 0 ? (rest as Record<string, unknown>) : null,
      createdAt: createdAt ?? new Date(0).toISOString(),
    };
  });
}

/** manifest.json as a sequence of chunks: one document or one thread (with its messages) each. */
async function* manifestChunks(userId: string, plan: ExportPlan): AsyncGenerator<string> {
  const head = { formatVersion: FORMAT_VERSION, exportedAt: plan.exportedAt, projects: plan.projects };
  yield `${JSON.stringify(head).slice(0, -1)},"documents":[`;
  for (const [i, document] of plan.documents.entries()) yield `${i === 0 ? "" : ","}${JSON.stringify(document)}`;
  yield `],"threads":[`;
  for (const [i, thread] of plan.threads.entries()) {
    const exported: ExportedThread = {
      key: thread.id,
      title: thread.title,
      project: thread.project,
      createdAt: thread.createdAt,
      updatedAt: thread.updatedAt,
      messages: await threadMessages(userId, thread.id),
      files: thread.files.map(({ kind, name, sizeBytes, path }) => ({ kind, name, sizeBytes, path })),
      transcript: thread.transcript,
    };
    yield `${i === 0 ? "" : ","}${JSON.stringify(exported)}`;
  }
  yield `],"notes":${JSON.stringify(plan.notes)},"mcpServers":${JSON.stringify(plan.mcpServers)}}`;
}

async function* transcriptChunks(userId: string, thread: PlannedThread): AsyncGenerator<string> {
  yield renderTranscript({
    title: thread.title,
    projectName: thread.projectName,
    messages: await threadMessages(userId, thread.id),
  });
}
