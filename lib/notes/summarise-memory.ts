import type { Db, Tx } from "@/lib/db/client";
import { renderMemoryBlock } from "@/lib/context/render-memory-block";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import { memorySnapshotSql, parseMemorySnapshot, type MemorySnapshotJson } from "./memory-snapshot-sql";
import type { MemorySummary } from "./note-dto";

/**
 * The memory figures the next run of this project would have: read and rendered exactly as
 * admission does, so the Memory section and the context panel never disagree with a request.
 */
export async function summariseMemory(
  db: Db | Tx,
  { projectId, userId, maxBytes }: { projectId: string; userId: string; maxBytes: number },
): Promise<MemorySummary> {
  const [row] = await db.$queryRaw<{ memory: MemorySnapshotJson }[]>`
    SELECT (${memorySnapshotSql({ projectId, userId, maxBytes })}) AS memory`;
  const block = renderMemoryBlock(parseMemorySnapshot(row!.memory), maxBytes);
  return {
    bytes: block ? utf8ByteLength(block.text) : 0,
    maxBytes,
    shown: block?.shown ?? 0,
    total: block?.count ?? 0,
  };
}
