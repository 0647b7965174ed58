// IANA time zone names, checked against the runtime's time zone database: the one check the intake, the
// hand-off and the settings use.
import { boundedCache } from "../bounded-cache.ts";

/** Names start with a letter: Intl also takes offsets such as "+05:00", which are not IANA names. */
const NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * The canonical spelling of an IANA zone, or undefined when the runtime does not know it.
 *
 * @example canonicalTimeZone("america/chicago") // "America/Chicago"
 * @example canonicalTimeZone("Mars/Olympus")    // undefined
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!NAME.test(name)) return undefined;
  return known.remember(name, () => {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      return undefined;
    }
  });
}

// Building an Intl.DateTimeFormat costs ~100 µs, most of a request's CPU: remember the answers.
const known = boundedCache<string | undefined>(2_000);

/** Whether the runtime's time zone database knows this IANA name. */
export const isKnownZone = (name: string): boolean => canonicalTimeZone(name) !== undefined;
