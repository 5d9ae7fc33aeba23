import { checkedTool } from "./checked-tool";
import { z } from "zod";
import { readDocumentSliceForAgent } from "@/lib/documents/agent/read-document-for-agent";
import { pageOfOffset } from "@/lib/documents/agent/page-of-offset";
import { MAX_SLICE_LIMIT } from "@/lib/text/slice-text";
import { SLICE_INPUT_FIELDS } from "./slice-input";
import { refuseBinaryPage } from "./readable-page";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { asToolResult } from "./tool-result";
import { QUOTED_MATERIAL, type CitationNumbers } from "./citation-numbers";

// Built once per process: every run gets the same schema object, so its JSON form is converted once.
const INPUT = z.object({
  documentId: z.string().describe("the id shown in the <documents> index or by list_project_documents"),
  ...SLICE_INPUT_FIELDS,
});

/**
 * Registered only for runs with a pinned project; reads live shelf rows of that project
 * (never one named by the model), sliced by characters with `limit` clamped to 1..20000.
 */
export function readProjectDocumentTool({
  userId,
  pinned,
  citations,
}: {
  userId: string;
  pinned: PinnedProjectContext;
  citations: CitationNumbers;
}) {
  return checkedTool({
    description:
      "Read one document of this project's shelf as text, a page of characters at a time. Converted text is served for PDF, Word, Excel and HTML files. The result's `cite` is the number to cite what it says by, as [n].",
    inputSchema: INPUT,
    execute: ({ documentId, offset, limit }) =>
      asToolResult(async () => {
        const page = refuseBinaryPage(
          await readDocumentSliceForAgent({
            userId,
            projectId: pinned.projectId,
            scope: pinned.scope,
            documentId,
            offset,
            limit,
            maxLimit: MAX_SLICE_LIMIT,
          }),
        );
        if ("error" in page || page.returnedChars === 0) return page;
        const end = page.offset + page.returnedChars;
        return {
          ...page,
          page: await pageOfOffset(documentId, page.offset),
          cite: citations.number({ kind: "document", ref: documentId, start: page.offset, end }),
          quoted: QUOTED_MATERIAL,
        };
      }),
  });
}
