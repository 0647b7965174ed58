// Caps on open inbox streams: per session (tabs of one browser), per account (one tenant never holds the whole
// process's share) and per process, each held until its stream ends.

/** Streams one session may hold open at once. */
const STREAMS_PER_SESSION = 20;
/** Streams one account's sessions hold open at once in one process. */
const STREAMS_PER_ACCOUNT = 50;
/** Streams one process holds open at once, over every account. */
const STREAMS_PER_PROCESS = 2_000;

/**
 * @example const release = slots.take(sessionSecret); if (!release) return tooMany(); … release();
 */
export function createStreamSlots(
  perSession = STREAMS_PER_SESSION,
  perProcess = STREAMS_PER_PROCESS,
  perAccount = STREAMS_PER_ACCOUNT,
) {
  const bySession = new Map<string, number>();
  const byAccount = new Map<string, number>();
  let open = 0;
  const leave = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
  return {
    /** A release function for a free slot, else undefined (the caller answers 429). */
    take(session: string, account = ""): (() => void) | undefined {
      const held = bySession.get(session) ?? 0;
      const ofAccount = byAccount.get(account) ?? 0;
      if (held >= perSession || ofAccount >= perAccount || open >= perProcess) return undefined;
      bySession.set(session, held + 1);
      byAccount.set(account, ofAccount + 1);
      open++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        leave(bySession, session);
        leave(byAccount, account);
      };
    },
    get open() {
      return open;
    },
  };
}

export type StreamSlots = ReturnType<typeof createStreamSlots>;
