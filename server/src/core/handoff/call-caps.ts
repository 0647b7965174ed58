// Per-phone call caps: the attempts the assistant reported, and the block a reached cap puts on the window.
import type { CallCapStanding, CallingRule } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import { latestRows } from "../../db/latest-rows.ts";
import type { CallBlock } from "./calling-hours.ts";

export interface CallAttempt {
  accountId: string;
  phone: string;
  leadId: string;
  attemptedAt: Date;
  webhookId: string;
}

/** Records one attempt (in the event's transaction, with its webhook-id). */
export async function recordCallAttempt(tx: Queryable, attempt: CallAttempt): Promise<void> {
  await tx.query(
    `insert into call_attempts (id, account_id, phone, lead_id, attempted_at, webhook_id)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      Bun.randomUUIDv7(),
      attempt.accountId,
      attempt.phone,
      attempt.leadId,
      attempt.attemptedAt.toISOString(),
      attempt.webhookId,
    ],
  );
}

/** The number's attempts in the account after `since`, oldest first, as instants. */
export async function attemptsSince(
  db: Queryable,
  accountId: string,
  phone: string,
  since: Date,
): Promise<number[]> {
  const rows = await db.query<{ attempted_at: Date | string }>(
    `select attempted_at from call_attempts
     where account_id = $1 and phone = $2 and attempted_at > $3 order by attempted_at`,
    [accountId, phone, since.toISOString()],
  );
  return rows.map((row) => new Date(row.attempted_at).getTime());
}

/** A lead's call attempts as its page lists them: the latest LISTED_CALL_ATTEMPTS, and how many came before. */
export interface LeadCallAttempts {
  /** Oldest first. */
  attempts: { attempted_at: Date }[];
  /** Attempts older than those listed (the assistant may report any number). */
  earlier: number;
}

/** The most a lead's page lists: a bound on what one page reads and renders. */
export const LISTED_CALL_ATTEMPTS = 50;

/** @example const { attempts, earlier } = await listCallAttempts(db, lead.id); */
export async function listCallAttempts(q: Queryable, leadId: string): Promise<LeadCallAttempts> {
  const { rows, earlier } = await latestRows<{ attempted_at: Date | string }>(
    q,
    `select attempted_at, count(*) over () as total from call_attempts
     where lead_id = $1 order by attempted_at desc, id desc limit ${LISTED_CALL_ATTEMPTS}`,
    [leadId],
  );
  return { attempts: rows.map((row) => ({ attempted_at: new Date(row.attempted_at) })), earlier };
}

/** The longest cap period among the rules, in hours; 0 when none caps calls. */
export function capHours(rules: readonly CallingRule[]): number {
  return Math.max(0, ...rules.map((rule) => rule.callCap?.hours ?? 0));
}

/** A cap of the number's rules with the attempts it counts at an instant (oldest first). */
interface CapCount {
  rule: CallingRule & { callCap: NonNullable<CallingRule["callCap"]> };
  counted: number[];
}

function capCounts(rules: readonly CallingRule[], attempts: readonly number[], now: number): CapCount[] {
  return rules.flatMap((rule) => {
    if (!rule.callCap) return [];
    const periodMs = rule.callCap.hours * 3_600_000;
    const counted = attempts.filter((at) => at > now - periodMs && at <= now);
    return [{ rule: rule as CapCount["rule"], counted }];
  });
}

/** A call cap of a rule that applies, at an instant: the attempts it counts and how many calls remain. */
export interface CapState {
  jurisdiction: string;
  calls: number;
  hours: number;
  counted: number;
  remaining: number;
  /** When the cap stops blocking (ISO), when reached; null otherwise. */
  until: string | null;
  /** When the oldest counted attempt leaves the period and one more call is allowed (ISO); null when none is counted. */
  next_release: string | null;
}

/**
 * Each cap of the rules with the attempts it counts at `now` and the calls it still allows (`blocks`: the
 * reached caps' blocks, when already computed).
 *
 * @example capStates([florida], [t - 3h], t) // [{ jurisdiction: "US-FL", calls: 3, hours: 24, counted: 1, remaining: 2, until: null, next_release: t + 21h }]
 */
export function capStates(
  rules: readonly CallingRule[],
  attempts: readonly number[],
  now: number,
  blocks: readonly CallBlock[] = capBlocks(rules, attempts, now),
): CapState[] {
  return capCounts(rules, attempts, now).map(({ rule, counted }) => {
    const block = blocks.find((candidate) => candidate.applied.jurisdiction === rule.jurisdiction);
    return {
      jurisdiction: rule.jurisdiction,
      calls: rule.callCap.calls,
      hours: rule.callCap.hours,
      counted: counted.length,
      remaining: Math.max(0, rule.callCap.calls - counted.length),
      until: block ? new Date(block.end).toISOString() : null,
      next_release:
        counted.length === 0 ? null : new Date(counted[0]! + rule.callCap.hours * 3_600_000).toISOString(),
    };
  });
}

/**
 * A decision's caps as the hand-off's `call_caps` and the pre-dial check tell the assistant.
 *
 * @example callCapsOf(decision.caps) // [{ jurisdiction: "US-FL", calls: 3, hours: 24, attempts_remaining: 2, next_release: "…" }]
 */
export const callCapsOf = (caps: readonly CapState[]): CallCapStanding[] =>
  caps.map(({ jurisdiction, calls, hours, remaining, next_release }) => ({
    jurisdiction,
    calls,
    hours,
    attempts_remaining: remaining,
    next_release,
  }));

/**
 * Each reached cap as a block from now until enough counted attempts leave its period: with `calls`
 * allowed, the call may start once the attempt `calls` places from the newest is older than the period.
 *
 * @example capBlocks([florida], [t - 3h, t - 2h, t - 1h], t) // one block from t to t + 21 h
 */
export function capBlocks(
  rules: readonly CallingRule[],
  attempts: readonly number[],
  now: number,
): CallBlock[] {
  const blocks: CallBlock[] = [];
  for (const { rule, counted } of capCounts(rules, attempts, now)) {
    if (counted.length < rule.callCap.calls) continue;
    const end = counted[counted.length - rule.callCap.calls]! + rule.callCap.hours * 3_600_000;
    blocks.push({
      start: now,
      end,
      applied: {
        kind: "cap",
        jurisdiction: rule.jurisdiction,
        name: rule.name,
        local_start: null,
        local_end: null,
        source: rule.source,
        checked: rule.checked,
        until: new Date(end).toISOString(),
      },
    });
  }
  return blocks;
}
