// Test helper: waits for a condition that settles asynchronously, polling instead of sleeping a guessed time.

/** Polls `probe` until `done` says yes, for conditions that settle asynchronously (cache expiry, reconnection). */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await Bun.sleep(200);
  }
}
