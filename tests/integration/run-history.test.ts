import { describe, expect, it } from "vitest";
import { loadRunHistory } from "@/lib/runs/admission/load-run-history";
import { saveThreadSummary } from "@/lib/threads/thread-summary";
import { getDb } from "@/lib/db/client";
import { signUp } from "../support/route-client";

// What a run reads of its thread (lib/runs/admission/load-run-history.ts, the history half of admission's
// one statement): the messages after the one its summary covers, in order, with their
// metadata and creation time; the whole history, and no summary, when that message is gone;
// never another user's messages.

async function threadWithMessages(userId: string, count: number) {
  const db = await getDb();
  const thread = await db.thread.create({ data: { userId, title: "history" } });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await db.message.create({
      data: {
        id,
        threadId: thread.id,
        role: i % 2 === 0 ? "user" : "assistant",
        parts: [{ type: "text", text: `message ${i} «ünïcode» \\ "quoted"` }],
        metadata: i === 0 ? { attachments: [{ name: "a.txt" }] } : undefined,
      },
    });
    ids.push(id);
  }
  return { threadId: thread.id, ids };
}

describe("a run's history", () => {
  it("is every message in order, with its metadata and creation time, when the thread has no summary", async () => {
    const { id: userId } = await signUp("History");
    const { threadId, ids } = await threadWithMessages(userId, 4);
    const stored = await (await getDb()).message.findMany({ where: { threadId }, orderBy: { seq: "asc" } });

    const history = await loadRunHistory(await getDb(), { threadId, userId });

    expect(history.summary).toBeNull();
    expect(history.messages.map((message) => message.id)).toEqual(ids);
    expect(history.messages[0]).toEqual({
      id: ids[0],
      role: "user",
      parts: [{ type: "text", text: 'message 0 «ünïcode» \\ "quoted"' }],
      metadata: { attachments: [{ name: "a.txt" }], createdAt: stored[0]!.createdAt.toISOString() },
    });
    expect(history.messages[1]!.metadata).toEqual({ createdAt: stored[1]!.createdAt.toISOString() });
  });

  it("starts after the message its summary covers, and is whole again with no summary once that message is gone", async () => {
    const { id: userId } = await signUp("Summarised");
    const { threadId, ids } = await threadWithMessages(userId, 6);
    const db = await getDb();
    await saveThreadSummary(db, { threadId, userId }, { text: "The first two exchanges.", throughMessageId: ids[3]! });

    const summarised = await loadRunHistory(db, { threadId, userId });
    expect(summarised.summary?.text).toBe("The first two exchanges.");
    expect(summarised.messages.map((message) => message.id)).toEqual(ids.slice(4));

    await db.message.delete({ where: { id: ids[3]! } });
    const whole = await loadRunHistory(db, { threadId, userId });
    expect(whole.summary).toBeNull();
    expect(whole.messages.map((message) => message.id)).toEqual([...ids.slice(0, 3), ...ids.slice(4)]);
  });

  it("is empty for a thread of another user", async () => {
    const owner = await signUp("Owner");
    const other = await signUp("Other");
    const { threadId } = await threadWithMessages(owner.id, 2);

    const history = await loadRunHistory(await getDb(), { threadId, userId: other.id });
    expect(history.messages).toEqual([]);
  });
});
