// Slows password guessing: after 5 wrong passwords for one email (or 20 from one client address), attempts are
// refused for 30 s, doubling with every further failure up to 1 h. Kept in the database: every process agrees.
import type { Queryable } from "../../db/database.ts";

const EMAIL_FAILURE_LIMIT = 5;
/** Higher: several people may sign in from behind one address. */
const ADDRESS_FAILURE_LIMIT = 20;
const FIRST_LOCK_SECONDS = 30;
const LONGEST_LOCK_SECONDS = 60 * 60;

export interface ThrottleKeys {
  email: string;
  address: string;
}

const keysOf = ({ email, address }: ThrottleKeys) => [`email:${email}`, `address:${address}`];

/** Seconds until attempts are allowed again; 0 when they are allowed now. */
export async function lockedForSeconds(q: Queryable, keys: ThrottleKeys): Promise<number> {
  const [row] = await q.query<{ seconds: number | null }>(
    `select ceil(extract(epoch from max(locked_until) - now()))::int as seconds
     from sign_in_failures where key = any($1::text[]) and locked_until > now()`,
    [keysOf(keys)],
  );
  return Math.max(0, Number(row?.seconds ?? 0));
}

export async function recordFailure(q: Queryable, keys: ThrottleKeys): Promise<void> {
  const [emailKey, addressKey] = keysOf(keys);
  for (const [key, limit] of [
    [emailKey, EMAIL_FAILURE_LIMIT],
    [addressKey, ADDRESS_FAILURE_LIMIT],
  ] as const) {
    await q.query(
      `insert into sign_in_failures as f (key, failures, last_failure_at, locked_until)
       values ($1, 1, now(), case when $2::int <= 1 then now() + make_interval(secs => $3) end)
       on conflict (key) do update set
         failures = f.failures + 1,
         last_failure_at = now(),
         locked_until = case when f.failures + 1 >= $2::int
           then now() + make_interval(secs => least($4::float8, $3::float8 * power(2, f.failures + 1 - $2::int)))
           end`,
      [key, limit, FIRST_LOCK_SECONDS, LONGEST_LOCK_SECONDS],
    );
  }
}

/** A correct password clears the email's count (the address keeps its own). */
export async function clearFailures(q: Queryable, keys: ThrottleKeys): Promise<void> {
  await q.query("delete from sign_in_failures where key = $1", [keysOf(keys)[0]]);
}
