import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { toDocumentDto, type DocumentDto } from "./document-dto";
import { isContentMissing } from "./is-content-missing";

/** The wire shape of a row, with `contentMissing` checked against the disk. */
export async function describeDocument(row: ProjectDocument): Promise<DocumentDto> {
  return toDocumentDto(row, await isContentMissing(row));
}
