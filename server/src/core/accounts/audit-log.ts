// The audit trail: every change that matters and every sign-in, as a row (actor, account, action, target, client
// address, time) and one structured log line. Rows of no one account (a sign-in, a password change) are shown to
// every account their person belongs to.
import type { Database, Queryable } from "../../db/database.ts";
import { joinedTransaction } from "../../db/joined-transaction.ts";
import type { Logger } from "../../logger.ts";

export const AUDIT_ACTIONS = [
  "sign_in.succeeded",
  "sign_in.failed",
  "sign_in.locked",
  "password.changed",
  "second_factor.enabled",
  "second_factor.codes_renewed",
  "second_factor.disabled",
  "second_factor.reset",
  "passkey.added",
  "passkey.removed",
  "account.second_factor_required",
  "owner.invited",
  "invitation.withdrawn",
  "invitation.accepted",
  "owner.removed",
  "token.created",
  "token.rolled",
  "token.revoked",
  "callback.changed",
  "callbacks.paused",
  "callbacks.resumed",
  "callbacks.recovered",
  "dnc.removed",
  "evidence.changed",
  "cooldown.changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEvent {
  action: AuditAction;
  /** NULL: of the actor's person, not of one account (shown to each of their accounts). */
  accountId?: string | null;
  actorId?: string | null;
  actorEmail?: string | null;
  /** What was acted on: an email, a token's name, a phone number, a URL. */
  target?: string | null;
  clientAddress?: string | null;
}

export interface AuditRow {
  id: string;
  at: Date;
  action: AuditAction;
  actor_email: string | null;
  target: string | null;
  client_address: string | null;
}

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** Longest target kept: a hostile token name or URL cannot grow the table without bound. */
const TARGET_CHARS = 300;

/** Writes the row, then the log line (the row is the record; the line is for the operator's log pipeline). */
export async function recordAudit(q: Queryable, event: AuditEvent, logger?: Logger): Promise<void> {
  const row = await insertAuditRow(q, event);
  if (logger) logAuditRow(logger, row);
}

/**
 * Makes a change and its audit row in one transaction: both are committed or neither. `eventOf` names the row from
 * the change's result (undefined: nothing changed, no row); the log line follows the commit.
 *
 * @example await auditedChange(db, (db) => revokeAccountToken(db, …), (r) => (r.ok ? event : undefined), logger)
 */
export async function auditedChange<T>(
  db: Database,
  change: (db: Database) => Promise<T>,
  eventOf: (result: T) => AuditEvent | undefined,
  logger?: Logger,
): Promise<T> {
  const { result, row } = await db.transaction(async (tx) => {
    const result = await change(joinedTransaction(db, tx));
    const event = eventOf(result);
    return { result, row: event ? await insertAuditRow(tx, event) : undefined };
  });
  if (row && logger) logAuditRow(logger, row);
  return result;
}

type AuditRecord = Required<Omit<AuditEvent, "action">> & { id: string; action: AuditAction };

async function insertAuditRow(q: Queryable, event: AuditEvent): Promise<AuditRecord> {
  const row = {
    id: Bun.randomUUIDv7(),
    action: event.action,
    accountId: event.accountId ?? null,
    actorId: event.actorId ?? null,
    actorEmail: event.actorEmail ?? null,
    target: event.target?.slice(0, TARGET_CHARS) ?? null,
    clientAddress: event.clientAddress ?? null,
  };
  await q.query(
    `insert into audit_events (id, account_id, actor_id, actor_email, action, target, client_address)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.accountId, row.actorId, row.actorEmail, row.action, row.target, row.clientAddress],
  );
  return row;
}

function logAuditRow(logger: Logger, row: AuditRecord): void {
  logger.info("audit", {
    audit_id: row.id,
    action: row.action,
    account_id: row.accountId,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    target: row.target,
    client_address: row.clientAddress,
  });
}

export interface AuditFilter {
  action?: AuditAction;
  /** Part of the actor's email. */
  actor?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** The account's rows (and its owners' own rows), newest first, at most `limit`. */
export async function auditEvents(
  q: Queryable,
  accountId: string,
  filter: AuditFilter,
  limit: number,
): Promise<AuditRow[]> {
  return await q.query<AuditRow>(
    `select e.id::text as id, e.at, e.action, e.actor_email, e.target, e.client_address
     from audit_events e
     where (e.account_id = $1
            or (e.account_id is null
                and e.actor_id in (select m.owner_id from account_members m where m.account_id = $1)))
       and ($2::text is null or e.action = $2)
       and ($3::text is null or strpos(lower(e.actor_email), lower($3)) > 0)
       and ($4::timestamptz is null or e.at >= $4)
       and ($5::timestamptz is null or e.at < $5)
     order by e.at desc, e.id desc
     limit $6`,
    [accountId, filter.action ?? null, filter.actor ?? null, filter.from ?? null, filter.to ?? null, limit],
  );
}
