import path from "node:path";
import { getDb } from "@/lib/db/client";
import { documentFolderOf, documentFolderRelpathOf, documentsDirIn, projectsRoot } from "@/lib/storage/layout";
import {
  mtimeMs,
  noRemovals,
  readdirOrEmpty,
  removeFileIfOld,
  removeFolderIfEmptyAndOld,
  removeTreeIfOld,
  type RemovalCounts,
} from "@/lib/storage/aged-removal";

const STAGING = ".staging";

interface Walk {
  /** Document folders some row points into, relative to the projects root. */
  referenced: ReadonlySet<string>;
  projectId: string;
  projectExists: boolean;
  oldBefore: number;
  counts: RemovalCounts;
}

/**
 * Walks `documents/` below one project folder. A document folder ({sha[:2]}/{sha}/{id}) is
 * judged as a unit: kept when any row (live or trashed, of any project: a restore re-points
 * a row without moving its folder) references it, else removed when everything in it is
 * old. Staging leftovers and stray files go when old. Emptied folders go when they were old
 * before this walk; the project's own `.staging` stays while the project exists, because an
 * upload creates it and opens a file in it in two steps.
 */
async function sweepDocuments(dir: string, rel: string[], walk: Walk): Promise<void> {
  for (const entry of await readdirOrEmpty(dir)) {
    const full = path.join(dir, entry.name);
    const childRel = [...rel, entry.name];
    if (!entry.isDirectory()) {
      await removeFileIfOld(full, walk.oldBefore, walk.counts);
      continue;
    }
    if (childRel.length === 3 && childRel[0] !== STAGING) {
      if (!walk.referenced.has(documentFolderRelpathOf(walk.projectId, childRel)))
        await removeTreeIfOld(full, walk.oldBefore, walk.counts);
      continue;
    }
    const mtimeBefore = await mtimeMs(full);
    await sweepDocuments(full, childRel, walk);
    const isOwnStaging = childRel.length === 1 && childRel[0] === STAGING;
    if (!isOwnStaging || !walk.projectExists)
      await removeFolderIfEmptyAndOld(full, mtimeBefore, walk.oldBefore, walk.counts);
  }
}

/**
 * Storage → rows reconciliation for one user's shelves: removes what no row references and
 * is older than `oldBefore`. The references are read before the walk, so anything placed
 * after that read is younger than the guard and survives.
 */
export async function reconcileProjectFiles({
  userId,
  oldBefore,
}: {
  userId: string;
  oldBefore: number;
}): Promise<RemovalCounts> {
  const db = await getDb();
  const [rows, projects] = await Promise.all([
    db.projectDocument.findMany({ where: { userId }, select: { storedRelpath: true } }),
    db.project.findMany({ where: { userId }, select: { id: true } }),
  ]);
  const referenced = new Set(rows.map((row) => documentFolderOf(row.storedRelpath)));
  const existingProjects = new Set(projects.map((project) => project.id));
  const counts = noRemovals();
  const root = projectsRoot(userId);

  for (const entry of await readdirOrEmpty(root)) {
    if (!entry.isDirectory()) continue;
    const projectDir = path.join(root, entry.name);
    const documentsDir = documentsDirIn(projectDir);
    const [projectMtime, documentsMtime] = [await mtimeMs(projectDir), await mtimeMs(documentsDir)];
    const projectExists = existingProjects.has(entry.name);
    await sweepDocuments(documentsDir, [], { referenced, projectId: entry.name, projectExists, oldBefore, counts });
    if (!projectExists) {
      await removeFolderIfEmptyAndOld(documentsDir, documentsMtime, oldBefore, counts);
      await removeFolderIfEmptyAndOld(projectDir, projectMtime, oldBefore, counts);
    }
  }
  return counts;
}
