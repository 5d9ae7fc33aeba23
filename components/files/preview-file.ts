/**
 * Anything the preview dialog can show: a thread file or a shelf document. The caller
 * supplies the URLs, so the dialog never needs to know which API a file lives behind.
 */
export interface PreviewFile {
  name: string;
  /** The inline bytes. */
  url: string;
  /** The same bytes as an attachment. */
  downloadUrl: string;
  /** Converted text of an office file, where the server offers it. */
  markdownUrl?: string;
  /** Shown under the name, e.g. "Output · 2 KB". */
  subtitle: string;
  /** Characters (code points) of the text to mark and scroll to: what the agent read. */
  highlight?: [number, number];
  /** The page a PDF opens at (1-based), e.g. the one a citation points into. */
  page?: number;
}
