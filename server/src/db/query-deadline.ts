// A client-side deadline for database work: a frozen server or a silent network cannot hold a request forever.
import { DatabaseUnavailableError } from "./database.ts";

/**
 * Added to statement_timeout for the client's own deadline: a live server cancels first (a clean
 * 57014 and rollback); the deadline is for a server or network that cannot answer at all.
 */
export const DEADLINE_GRACE_MS = 1_000;

/** The database did not answer in time: answered 503 like any other unavailability. */
export class DatabaseDeadlineError extends DatabaseUnavailableError {}

/**
 * Settles with `work`, or rejects with DatabaseDeadlineError after `ms`; `onExpired` runs then, so a
 * transaction can refuse to commit work its caller has already given up on.
 *
 * @example const rows = await withDeadline(sql.unsafe("select 1"), 9_000);
 */
export function withDeadline<T>(work: Promise<T>, ms: number, onExpired?: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onExpired?.();
      reject(new DatabaseDeadlineError(`the database did not answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
