// Named pause points for the ordering tests: a mocked step calls `pass(name)`; a test that
// armed that name holds the code there (`reached`) until it calls `release()`. Unarmed names
// pass straight through. Created inside `vi.hoisted`, so the `vi.mock` factories can use it.

export interface Pause {
  /** Settles when the code arrives at the armed point. */
  reached: Promise<void>;
  release: () => void;
}

export function createPausePoints() {
  const armed = new Map<string, Pause & { arrive: () => Promise<void> }>();
  return {
    /** The next time the code passes `name`, it stops there until `release()`. */
    arm(name: string): Pause {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      armed.set(name, { reached, release, arrive: async () => (arrived(), released) });
      return { reached, release };
    },
    async pass(name: string): Promise<void> {
      const pause = armed.get(name);
      if (!pause) return;
      armed.delete(name);
      await pause.arrive();
    },
    clear: () => armed.clear(),
  };
}
