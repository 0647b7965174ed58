// A request path fit for the logs: segments that carry a secret are masked (a sign-in link's secret).

/** Path prefixes whose next segment is a secret, and what the log shows instead. */
const MASKED_AFTER: readonly [prefix: string, shown: string][] = [["/console/link/", ":link"]];

/** @example loggedPath("/console/link/Xq3…") // "/console/link/:link" */
export function loggedPath(path: string): string {
  for (const [prefix, shown] of MASKED_AFTER) {
    if (path.startsWith(prefix)) return `${prefix}${shown}`;
  }
  return path;
}
