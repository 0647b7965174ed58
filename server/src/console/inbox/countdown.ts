// The time left to respond_by as people read it ("4:59"): the server renders the first value, console's inbox.js ticks it.

/** @example timeLeft(new Date(Date.now() + 299_000), new Date()) // "4:59" */
export function timeLeft(until: Date, now: Date): string | undefined {
  const seconds = Math.floor((new Date(until).getTime() - now.getTime()) / 1000);
  if (seconds < 0) return undefined;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}
