// Caps on open inbox streams: per session (tabs of one browser) and per process, each held until its stream ends.

/** Streams one session may hold open at once. */
const STREAMS_PER_SESSION = 20;
/** Streams one process holds open at once, over every account. */
const STREAMS_PER_PROCESS = 2_000;

/**
 * @example const release = slots.take(sessionSecret); if (!release) return tooMany(); … release();
 */
export function createStreamSlots(perSession = STREAMS_PER_SESSION, perProcess = STREAMS_PER_PROCESS) {
  const bySession = new Map<string, number>();
  let open = 0;
  return {
    /** A release function for a free slot, else undefined (the caller answers 429). */
    take(session: string): (() => void) | undefined {
      const held = bySession.get(session) ?? 0;
      if (held >= perSession || open >= perProcess) return undefined;
      bySession.set(session, held + 1);
      open++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        const left = (bySession.get(session) ?? 1) - 1;
        if (left > 0) bySession.set(session, left);
        else bySession.delete(session);
      };
    },
    get open() {
      return open;
    },
  };
}

export type StreamSlots = ReturnType<typeof createStreamSlots>;
