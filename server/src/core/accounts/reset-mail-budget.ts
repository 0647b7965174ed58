// How many password-reset mails one address may be sent: in the database, so every server process shares one
// budget (a process-local bucket would allow the budget once per process).
import type { Queryable } from "../../db/database.ts";

/** Mails per email and window: 3 an hour. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_WINDOW_SECONDS = 60 * 60;

export type ResetBudget = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one mail from the email's budget in one statement (concurrent requests count exactly): a window that has
 * passed starts again. Only called once the client's address was allowed, so a flood refused at the address
 * never spends the target's budget.
 */
export async function takeResetMail(q: Queryable, email: string): Promise<ResetBudget> {
  const [row] = await q.query<{ sent: number; retry: number }>(
    `insert into reset_mail_budget as b (email, window_start, sent) values ($1, now(), 1)
     on conflict (email) do update set
       window_start = case when b.window_start <= now() - make_interval(secs => $2) then now() else b.window_start end,
       sent = case when b.window_start <= now() - make_interval(secs => $2) then 1 else b.sent + 1 end
     returning sent, ceil(extract(epoch from b.window_start + make_interval(secs => $2) - now()))::int as retry`,
    [email, RESET_WINDOW_SECONDS],
  );
  return !row || row.sent <= RESET_MAILS_PER_WINDOW
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(1, row.retry) };
}
