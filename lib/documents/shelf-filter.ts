import { Prisma } from "@/lib/generated/prisma/client";
import { inScopeSql } from "@/lib/folders/scope-predicate";
import type { ChatScope } from "@/lib/threads/thread-scope";
import type { SearchSort, SortOrder } from "./shelf-order";

export interface ListDocumentsRequest {
  userId: string;
  projectId: string;
  limit: number;
  offset: number;
  cursor?: string;
  sort: SearchSort;
  order: SortOrder;
  q?: string;
  /** One folder's own documents (`"root"`: those at the root); absent: the whole shelf. */
  folderId?: string;
  /** A chat's scope (the agent's search): only documents inside it; absent or null: no limit. */
  scope?: ChatScope | null;
}

/**
 * The rows of one folder (`"root"`: no folder), or TRUE for the whole shelf. A folder id of
 * another project or user matches nothing: the listing is then empty, never another shelf's.
 */
function inFolderSql(folderId: string | undefined): Prisma.Sql {
  if (folderId === undefined) return Prisma.sql`TRUE`;
  return folderId === "root" ? Prisma.sql`d."folderId" IS NULL` : Prisma.sql`d."folderId" = ${folderId}`;
}

/** The folder and scope conditions on the document row `d` that a listing or search asks for. */
export function documentFilterSql(request: Pick<ListDocumentsRequest, "folderId" | "scope" | "projectId">): Prisma.Sql {
  return Prisma.sql`${inFolderSql(request.folderId)} AND ${inScopeSql(request.scope ?? null, request.projectId)}`;
}
