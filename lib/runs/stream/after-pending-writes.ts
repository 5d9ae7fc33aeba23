/**
 * Resolves on the next turn of the event loop, after the callbacks already queued for it. The
 * work that records a finished run (its message, its last stream batch) runs its embedded
 * database statements back to back in promise callbacks, which nothing queued for the next turn
 * can interrupt. React sends what it has serialised of a server action's reply on that next
 * turn, so when a model's answer arrived in one burst, the chat page's first words waited for
 * the whole record (≈ 3 ms in `npm run bench -- first-byte`). Awaited before that work, the
 * pending writes go first.
 */
export function afterPendingWrites(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
