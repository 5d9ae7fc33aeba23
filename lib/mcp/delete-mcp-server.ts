import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

/** Removes a connection with its sealed secrets and its "allowed for this chat" answers. */
export async function deleteMcpServer({ userId, serverId }: { userId: string; serverId: string }): Promise<void> {
  const db = await getDb();
  const { count } = await db.mcpServer.deleteMany({ where: { id: serverId, userId } });
  if (count === 0) throw notFound();
}
