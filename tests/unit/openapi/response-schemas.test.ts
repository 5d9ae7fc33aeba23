import type { UIMessageChunk } from "ai";
import type { SearchStatus } from "@/lib/search/read-search-status";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { describeRunContext } from "@/lib/runs/preview/describe-run-context";
import type { HistoryContext } from "@/lib/context/history-context-dto";
import type { listRunEvents } from "@/lib/runs/list-runs";
import type { listThreadMessages } from "@/lib/thread-messages/list-thread-messages";
import { SUMMARISING_CHUNK } from "@/lib/runs/stream/progress-channel";
import type { ContextReport } from "@/lib/context/context-report";
import type { ThreadSummaryDto } from "@/lib/threads/thread-summary-dto";
import type { PublicConfig } from "@/lib/config/public-config";
import type { DocumentDto, DocumentPage, ListedDocument, PlacedDocument } from "@/lib/documents/document-dto";
import type { ErrorBody } from "@/lib/http/error-response";
import type { ModelListDto } from "@/lib/models/model-dto";
import * as r from "@/lib/openapi/response-schemas";
import type { errorBodySchema } from "@/lib/openapi/error-schema";
import { RUN_STREAM_CHUNK_TYPES, type RunStreamChunkType } from "@/lib/openapi/run-stream-schema";
import { MCP_APPROVAL_PART } from "@/lib/thread-messages/mcp-parts";
import { NOTE_PROPOSED_PART } from "@/lib/thread-messages/note-proposed-part";
import type { ImportCounts } from "@/lib/portable/recreate-account";
import type { ShelfArchiveLanding } from "@/lib/portable/upload-shelf-archive";
import type { FolderDto } from "@/lib/folders/folder-dto";
import type { DeleteProjectResult, ProjectDto } from "@/lib/projects/project-dto";
import type { RunDto } from "@/lib/runs/run-dto";
import type { MergeResult, TransferResult } from "@/lib/reshape/reshape-dto";
import type { ThreadFile, ThreadFileGroupPage } from "@/lib/thread-files/thread-file-dto";
import type { ThreadDto, ThreadPage } from "@/lib/threads/thread-dto";
import type { createToken } from "@/lib/tokens/create-token";
import type { TokenDto } from "@/lib/tokens/token-dto";
import type { McpServerDto } from "@/lib/mcp/mcp-server-dto";
import type { answerApproval } from "@/lib/mcp/answer-approval";
import type { RestoreResult, TrashedDocumentDto, TrashPage } from "@/lib/trash/trashed-document-dto";

// The response schemas of the OpenAPI document are written beside the DTO interfaces the
// handlers return, not derived from them: these type checks (run by `tsc --noEmit`) keep each
// schema's output type equal to its interface, so a field added, removed or retyped on one
// side fails the typecheck until the other follows. The few loose ones (a message's parts, an
// event's payload) only have to admit what the handler returns.

type Out<S extends z.ZodType> = z.output<S>;
type Awaited1<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

describe("the OpenAPI response schemas", () => {
  it("equal the DTOs the handlers return", () => {
    expectTypeOf<Out<typeof r.projectSchema>>().toEqualTypeOf<ProjectDto>();
    expectTypeOf<Out<typeof r.deleteProjectResultSchema>>().toEqualTypeOf<DeleteProjectResult>();
    expectTypeOf<Out<typeof r.projectContextSchema>>().toEqualTypeOf<ContextReport>();
    expectTypeOf<Out<typeof r.threadSchema>>().toEqualTypeOf<ThreadDto>();
    expectTypeOf<Out<typeof r.threadPageSchema>>().toEqualTypeOf<ThreadPage>();
    expectTypeOf<Out<typeof r.threadSummarySchema>>().toEqualTypeOf<ThreadSummaryDto>();
    expectTypeOf<Out<typeof r.historyContextSchema>>().toEqualTypeOf<HistoryContext>();
    expectTypeOf<Out<typeof r.documentSchema>>().toEqualTypeOf<DocumentDto>();
    expectTypeOf<Out<typeof r.placedDocumentSchema>>().toEqualTypeOf<PlacedDocument>();
    expectTypeOf<Out<typeof r.threadFileSchema>>().toEqualTypeOf<ThreadFile>();
    expectTypeOf<Out<typeof r.threadFileGroupPageSchema>>().toEqualTypeOf<ThreadFileGroupPage>();
    expectTypeOf<Out<typeof r.trashedDocumentSchema>>().toEqualTypeOf<TrashedDocumentDto>();
    expectTypeOf<Out<typeof r.trashPageSchema>>().toEqualTypeOf<TrashPage>();
    expectTypeOf<Out<typeof r.restoreResultSchema>>().toEqualTypeOf<RestoreResult>();
    expectTypeOf<Out<typeof r.runSchema>>().toEqualTypeOf<RunDto>();
    expectTypeOf<Out<typeof r.tokenSchema>>().toEqualTypeOf<TokenDto>();
    expectTypeOf<Out<typeof r.mcpServerSchema>>().toEqualTypeOf<McpServerDto>();
    expectTypeOf<Out<typeof r.mcpApprovalSchema>>().toEqualTypeOf<Awaited1<typeof answerApproval>>();
    expectTypeOf<Out<typeof r.createdTokenSchema>>().toEqualTypeOf<Awaited1<typeof createToken>>();
    expectTypeOf<Out<typeof r.modelListSchema>>().toEqualTypeOf<ModelListDto>();
    expectTypeOf<Out<typeof r.publicConfigSchema>>().toEqualTypeOf<PublicConfig>();
    expectTypeOf<Out<typeof r.importCountsSchema>>().toEqualTypeOf<ImportCounts>();
    expectTypeOf<Out<typeof r.folderSchema>>().toEqualTypeOf<FolderDto>();
    expectTypeOf<Out<typeof r.shelfArchiveLandingSchema>>().toEqualTypeOf<ShelfArchiveLanding>();
    expectTypeOf<Out<typeof r.searchStatusSchema>>().toEqualTypeOf<SearchStatus>();
    expectTypeOf<Out<typeof r.transferResultSchema>>().toEqualTypeOf<TransferResult>();
    expectTypeOf<Out<typeof r.mergeResultSchema>>().toEqualTypeOf<MergeResult>();
  });

  it("match the DTOs written as intersections both ways", () => {
    // An intersection (`DocumentDto & {match?}`, a union `& {history}`) is the same type, spelt differently.
    expectTypeOf<Out<typeof r.listedDocumentSchema>>().toExtend<ListedDocument>();
    expectTypeOf<ListedDocument>().toExtend<Out<typeof r.listedDocumentSchema>>();
    expectTypeOf<Out<typeof r.documentPageSchema>>().toExtend<DocumentPage>();
    expectTypeOf<DocumentPage>().toExtend<Out<typeof r.documentPageSchema>>();
    expectTypeOf<Out<typeof r.threadContextSchema>>().toExtend<Awaited1<typeof describeRunContext>>();
    expectTypeOf<Awaited1<typeof describeRunContext>>().toExtend<Out<typeof r.threadContextSchema>>();
  });

  it("admit what the loosely described handlers return", () => {
    expectTypeOf<Awaited1<typeof listRunEvents>[number]>().toExtend<Out<typeof r.runEventSchema>>();
    expectTypeOf<Awaited1<typeof listThreadMessages>[number]>().toExtend<Out<typeof r.threadMessageSchema>>();
    expectTypeOf<ErrorBody>().toExtend<{ error: { code: string; message: string } }>();
    expectTypeOf<Out<typeof errorBodySchema>>().toExtend<ErrorBody>();
  });

  it("list the run stream's chunk types exactly: the AI SDK's, and this app's data parts", () => {
    type SdkChunkType =
      | Exclude<UIMessageChunk["type"], `data-${string}`>
      | typeof SUMMARISING_CHUNK.type
      | typeof NOTE_PROPOSED_PART
      | typeof MCP_APPROVAL_PART;
    expectTypeOf<RunStreamChunkType>().toEqualTypeOf<SdkChunkType>();
    expect(RUN_STREAM_CHUNK_TYPES).toContain(SUMMARISING_CHUNK.type);
    expect(new Set(RUN_STREAM_CHUNK_TYPES).size).toBe(RUN_STREAM_CHUNK_TYPES.length);
  });
});
