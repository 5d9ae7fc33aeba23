import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { carrySearchIndex } from "@/lib/documents/carry-search-index";
import { toDocumentDto, type DocumentDto } from "@/lib/documents/document-dto";
import { shelfNumberedName } from "@/lib/files/file-name";
import { ensureFolderPath } from "@/lib/folders/ensure-folder-path";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { discardDocumentFolder } from "@/lib/trash/discard-document-folder";
import type { RenamedDocument } from "./reshape-dto";

/** A live document of the source, and the folder (names from the target's root) it lands in. */
export interface CarryItem {
  row: ProjectDocument;
  folderNames: readonly string[];
}

export interface CarryOutcome {
  /** The rows now on the target's shelf: the moved rows themselves, or the new copies. */
  landed: { id: string; folderPath: string | null }[];
  /** Items whose content was already in the folder they were to land in: the row that stays. */
  duplicates: { name: string; sourceId: string; existingId: string; folderPath: string | null }[];
  renamed: RenamedDocument[];
  /** Run once the caller's transaction has committed: search indexing, and files no row names any more. */
  afterCommit: () => Promise<void>;
}

interface FolderState {
  id: string | null;
  path: string | null;
  /** sha256 → the id of the row holding that content in this folder (already there, or landed now). */
  bySha: Map<string, string>;
  nameKeys: Set<string>;
}

const nameKey = (name: string) => name.toLowerCase();
const pathKey = (names: readonly string[]) => names.map(nameKey).join("/");

/**
 * Carries documents onto another project's shelf, in the caller's transaction, which holds both
 * projects' locks (docs/architecture.md § "Fork, merge and transfer"). Each item lands in the
 * folder its names give, made where missing. Content already in that folder (same sha256, found
 * there or landed by this call) is kept once: the row that is there stays, and in a move the
 * source's row goes (its bytes with it, unless another row still names them). A name taken in the
 * folder (case-insensitively) becomes `y (2).txt`, `y (3).txt` … In a move the rows themselves are
 * re-pointed (ids, dates, provenance and bytes stay); a copy is a new row naming the same stored
 * bytes, with the original's dates. Moved rows are locked in id order first.
 */
export async function carryDocuments(
  tx: Tx,
  {
    userId,
    toProjectId,
    items,
    mode,
  }: { userId: string; toProjectId: string; items: readonly CarryItem[]; mode: "copy" | "move" },
): Promise<CarryOutcome> {
  if (mode === "move" && items.length > 0) {
    await tx.$queryRaw`
      SELECT id FROM "project_document"
      WHERE id = ANY(${items.map((item) => item.row.id)}::text[]) AND "userId" = ${userId}
      ORDER BY id FOR UPDATE`;
  }
  const folders = await targetFolders(tx, { userId, toProjectId, items });

  // A stable order, so which of two same-named documents keeps its name does not depend on how
  // the rows happened to be read: by folder, then name, then id.
  const ordered = [...items].sort(
    (a, b) =>
      compare(pathKey(a.folderNames), pathKey(b.folderNames)) ||
      compare(a.row.name, b.row.name) ||
      compare(a.row.id, b.row.id),
  );
  const landings: { sourceId: string; id: string; folderId: string | null; name: string }[] = [];
  const outcome: Omit<CarryOutcome, "afterCommit"> = { landed: [], duplicates: [], renamed: [] };
  const droppedRows: ProjectDocument[] = [];
  for (const { row, folderNames } of ordered) {
    const folder = folders.get(pathKey(folderNames))!;
    const existingId = folder.bySha.get(row.sha256);
    if (existingId) {
      outcome.duplicates.push({ name: row.name, sourceId: row.id, existingId, folderPath: folder.path });
      if (mode === "move") droppedRows.push(row);
      continue;
    }
    let n = 1;
    while (folder.nameKeys.has(nameKey(shelfNumberedName(row.name, n)))) n++;
    const name = shelfNumberedName(row.name, n);
    if (n > 1) outcome.renamed.push({ from: row.name, to: name, folderPath: folder.path });
    const id = mode === "move" ? row.id : randomUUID();
    folder.nameKeys.add(nameKey(name));
    folder.bySha.set(row.sha256, id);
    landings.push({ sourceId: row.id, id, folderId: folder.id, name });
    outcome.landed.push({ id, folderPath: folder.path });
  }

  if (landings.length > 0) {
    const columns = {
      sourceIds: landings.map((l) => l.sourceId),
      ids: landings.map((l) => l.id),
      folderIds: landings.map((l) => l.folderId),
      names: landings.map((l) => l.name),
    };
    if (mode === "move") {
      // Raw, so `updatedAt` (the document's "modified", the shelf's order) stays as it was.
      await tx.$executeRaw`
        UPDATE "project_document" d SET "projectId" = ${toProjectId}, "folderId" = l."folderId", "name" = l."name"
        FROM unnest(${columns.ids}::text[], ${columns.folderIds}::text[], ${columns.names}::text[]) AS l(id, "folderId", "name")
        WHERE d.id = l.id AND d."userId" = ${userId}`;
    } else {
      await tx.$executeRaw`
        INSERT INTO "project_document" (id, "projectId", "userId", "name", "storedRelpath", sha256, "sizeBytes",
          "sourceThreadId", "sourceKind", "sourceName", "contentMissing", "folderId", "createdAt", "updatedAt")
        SELECT l.id, ${toProjectId}, d."userId", l."name", d."storedRelpath", d.sha256, d."sizeBytes",
          d."sourceThreadId", d."sourceKind", d."sourceName", d."contentMissing", l."folderId", d."createdAt", d."updatedAt"
        FROM unnest(${columns.sourceIds}::text[], ${columns.ids}::text[], ${columns.folderIds}::text[], ${columns.names}::text[])
          AS l("sourceId", id, "folderId", "name")
        JOIN "project_document" d ON d.id = l."sourceId" AND d."userId" = ${userId}`;
    }
  }
  if (droppedRows.length > 0) {
    await tx.projectDocument.deleteMany({ where: { userId, id: { in: droppedRows.map((row) => row.id) } } });
  }
  const indexAfterCommit = carrySearchIndex(mode === "copy" ? landings.map((l) => l.id) : []);
  return {
    ...outcome,
    afterCommit: async () => {
      indexAfterCommit();
      for (const row of droppedRows) await discardDocumentFolder(row);
    },
  };
}

/**
 * Every folder the items land in, made where missing, with what is already in it: the
 * content (sha256) and the names (case-insensitively) of its live documents.
 */
async function targetFolders(
  tx: Tx,
  { userId, toProjectId, items }: { userId: string; toProjectId: string; items: readonly CarryItem[] },
): Promise<Map<string, FolderState>> {
  const folders = new Map<string, FolderState>();
  for (const { folderNames } of items) {
    const key = pathKey(folderNames);
    if (folders.has(key)) continue;
    const folder = await ensureFolderPath(tx, { userId, projectId: toProjectId, names: folderNames });
    folders.set(key, { id: folder?.id ?? null, path: folder?.path ?? null, bySha: new Map(), nameKeys: new Set() });
  }
  if (folders.size === 0) return folders;
  const byId = new Map([...folders.values()].map((state) => [state.id, state]));
  const folderIds = [...byId.keys()].filter((id): id is string => id !== null);
  const present = await tx.projectDocument.findMany({
    where: {
      projectId: toProjectId,
      userId,
      trashedAt: null,
      OR: [{ folderId: { in: folderIds } }, ...(byId.has(null) ? [{ folderId: null }] : [])],
    },
    select: { id: true, name: true, sha256: true, folderId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  for (const row of present) {
    const state = byId.get(row.folderId)!;
    if (!state.bySha.has(row.sha256)) state.bySha.set(row.sha256, row.id);
    state.nameKeys.add(nameKey(row.name));
  }
  return folders;
}

/** The documents as the API shows them, read in the caller's transaction, in the order of `ids`. */
export async function readCarriedDocuments(
  tx: Tx,
  { userId, ids }: { userId: string; ids: readonly { id: string; folderPath: string | null }[] },
): Promise<DocumentDto[]> {
  const rows = await tx.projectDocument.findMany({ where: { userId, id: { in: ids.map((entry) => entry.id) } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap(({ id, folderPath }) => {
    const row = byId.get(id);
    return row ? [toDocumentDto({ ...row, folderPath })] : [];
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
