import busboy from "busboy";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { AppError } from "@/lib/errors";
import { markBodyAbandoned } from "./unread-body";

// Streams the file parts of a multipart/form-data request body to a handler, one file at a
// time and in order, without ever holding the body in memory. Thread uploads and the shelf
// upload both read their parts through it.

export interface MultipartFile {
  filename: string;
  mimeType: string;
  /** Must be consumed (or the handler must throw) for parsing to go on. */
  stream: Readable;
}

export interface MultipartOptions {
  /** The form field carrying files; file parts under any other field are skipped. */
  field: string;
  /** Busboy stops feeding a part one byte past this; the handler's own limit reports it. */
  maxFileBytes: number;
  maxFiles: number;
  onFile: (file: MultipartFile) => Promise<void>;
}

export interface MultipartResult {
  files: number;
  fields: Record<string, string>;
}

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Calls `onFile` for each file part, waiting for each call before the next. When a handler
 * throws (413 over the limit, 422 for a bad name) the rest of the body is not read: the
 * request stream is cancelled and that error is thrown. Parts with an empty file name (what
 * a browser sends for an empty file input) are skipped. Not multipart or malformed → 400.
 */
export function readMultipartFiles(req: Request, options: MultipartOptions): Promise<MultipartResult> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!req.body || !/^multipart\/form-data\b/i.test(contentType)) {
    markBodyAbandoned(req);
    return Promise.reject(new AppError("bad_request", "Send the files as multipart/form-data."));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Keep the name as sent: the name rules reject separators with a clear 422 instead of
      // busboy silently cutting everything before the last one.
      preservePath: true,
      // Browsers send UTF-8 file names; busboy's default would read them as latin1.
      defParamCharset: "utf8",
      limits: {
        fileSize: options.maxFileBytes + 1,
        files: options.maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
  } catch {
    markBodyAbandoned(req);
    return Promise.reject(new AppError("bad_request", "The multipart body has no usable boundary."));
  }
  const body = Readable.fromWeb(req.body as NodeWebReadableStream<Uint8Array>);

  return new Promise<MultipartResult>((resolve, reject) => {
    let settled = false;
    let files = 0;
    const fields: Record<string, string> = {};
    let queue = Promise.resolve();

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      markBodyAbandoned(req);
      body.unpipe(parser);
      body.destroy();
      parser.destroy();
      reject(error);
    };

    parser.on("file", (field, stream, info) => {
      // Busboy destroys the part in flight when parsing stops; a part still waiting in the
      // queue has no other listener, and an unhandled stream error would end the process.
      stream.on("error", () => {});
      const filename = info.filename;
      if (settled || field !== options.field || !filename) {
        stream.resume();
        return;
      }
      files += 1;
      queue = queue
        .then(() => (settled ? void stream.resume() : options.onFile({ filename, mimeType: info.mimeType, stream })))
        .catch(fail);
    });
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("filesLimit", () =>
      fail(
        new AppError(
          "bad_request",
          options.maxFiles === 1
            ? "Send exactly one file per request."
            : `Send at most ${options.maxFiles} files per request.`,
        ),
      ),
    );
    parser.on("error", () => fail(new AppError("bad_request", "The multipart body is malformed.")));
    parser.on("close", () => {
      void queue.then(() => {
        if (settled) return;
        settled = true;
        resolve({ files, fields });
      });
    });
    // The client went away mid-body (a closed tab, a dropped connection): a 400, and the
    // part in flight fails its write, so its staged bytes are removed like any failed upload.
    body.on("error", () =>
      fail(new AppError("bad_request", "The upload was interrupted before the whole body arrived.")),
    );
    body.pipe(parser);
  });
}
