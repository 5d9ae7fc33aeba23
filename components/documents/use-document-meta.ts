"use client";

import { useFormatter } from "next-intl";
import { formatByteSize } from "@/lib/text/format-byte-size";
import type { ProjectDocument } from "@/lib/client/api";

/** "2.1 MB · 12 Mar 2026, 14:05" in the reader's locale: the row and the preview agree. */
export function useDocumentMeta(): (document: ProjectDocument) => { size: string; modified: string } {
  const format = useFormatter();
  return (document) => ({
    size: formatByteSize(document.sizeBytes),
    modified: format.dateTime(new Date(document.updatedAt), { dateStyle: "medium", timeStyle: "short" }),
  });
}
