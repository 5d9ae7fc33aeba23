// Decides whether stored bytes can be served to the model as text, by sampling the head
// instead of trusting the file name or a client-sent MIME type. Binary files go through
// conversion or are refused with a tool error; they are never handed to the model as text.
//
// A sample is binary when it has a NUL byte (every common binary format has one early; no
// UTF-8 text does), is not valid UTF-8, or is more than `maxControlRatio` control
// characters (tab, newline, carriage return, form feed and ESC excepted). UTF-16 text is
// treated as binary: its NUL bytes make it indistinguishable without guessing.

export const TEXT_SAMPLE_BYTES = 8192;
export const MAX_CONTROL_RATIO = 0.1;

export interface TextDetectionOptions {
  sampleBytes?: number;
  maxControlRatio?: number;
}

const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);

function isDisallowedControl(codePoint: number): boolean {
  return (codePoint < 0x20 && !ALLOWED_CONTROLS.has(codePoint)) || (codePoint >= 0x7f && codePoint <= 0x9f);
}

export function isTextContent(bytes: Uint8Array, options: TextDetectionOptions = {}): boolean {
  const sample = bytes.subarray(0, options.sampleBytes ?? TEXT_SAMPLE_BYTES);
  if (sample.length === 0) return true;
  if (sample.includes(0)) return false;

  let decoded: string;
  try {
    // When the sample cut the bytes short, `stream: true` tolerates a multi-byte character
    // split by the cut; when it holds the whole file, an unfinished character is invalid.
    const cut = sample.length < bytes.length;
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: cut });
  } catch {
    return false;
  }

  let characters = 0;
  let controls = 0;
  for (const char of decoded) {
    characters += 1;
    if (isDisallowedControl(char.codePointAt(0)!)) controls += 1;
  }
  return characters === 0 || controls / characters <= (options.maxControlRatio ?? MAX_CONTROL_RATIO);
}
