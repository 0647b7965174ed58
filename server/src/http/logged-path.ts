// A request path fit for the logs: segments that carry a secret (a sign-in link's) or a phone number (the
// do-not-call remove URL, /console/do-not-call/14155552671/remove) are masked.

/** Path prefixes whose next segment is a secret, and what the log shows instead. */
const MASKED_AFTER: readonly [prefix: string, shown: string][] = [["/console/link/", ":link"]];

/** A segment of phone characters (digits, +, -, ., parentheses, encoded or not) holding 7 digits or more. */
const looksLikePhone = (segment: string) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  return /^[\d+\-.() ]+$/.test(decoded) && (decoded.match(/\d/g)?.length ?? 0) >= 7;
};

/**
 * @example loggedPath("/console/link/Xq3…") // "/console/link/:link"
 * @example loggedPath("/console/do-not-call/14155552671/remove") // "/console/do-not-call/:phone/remove"
 */
export function loggedPath(path: string): string {
  for (const [prefix, shown] of MASKED_AFTER) {
    if (path.startsWith(prefix)) return `${prefix}${shown}`;
  }
  return path
    .split("/")
    .map((segment) => (looksLikePhone(segment) ? ":phone" : segment))
    .join("/");
}
