// At most N argon2 hashes or verifications at once in this process: each costs 64 MiB and a core for a
// while, so a flood of sign-ins is refused at once (429 with Retry-After) instead of queueing without bound.
// One more slot is kept for browsers the owner signed in from before, so a flood cannot keep the owner out.

export interface PasswordWork {
  /**
   * A slot and its release, or undefined when every slot is taken: then refuse, do not wait. `known`: the
   * request comes from a known device of the owner it names, which may also take the reserved slot.
   */
  tryAcquire(options?: { known?: boolean }): (() => void) | undefined;
}

export const DEFAULT_PASSWORD_CHECKS_AT_ONCE = 4;
/** What a refused request is told: a slot frees within one argon2 run, well under a second. */
export const PASSWORD_BUSY_RETRY_SECONDS = 1;

/** @example const release = work.tryAcquire(); if (!release) return busy(); try { … } finally { release(); } */
export function createPasswordWork(atOnce = DEFAULT_PASSWORD_CHECKS_AT_ONCE): PasswordWork {
  let running = 0;
  let reservedRunning = false;
  const releaseOnce = (free: () => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      free();
    };
  };
  return {
    tryAcquire({ known = false } = {}) {
      if (running < atOnce) {
        running++;
        return releaseOnce(() => running--);
      }
      if (!known || reservedRunning) return undefined;
      reservedRunning = true;
      return releaseOnce(() => {
        reservedRunning = false;
      });
    },
  };
}
