// The integration doctor's reads, each bounded whatever the log holds: a token's newest requests (one range of
// request_log_token), the leads its keyless posts among them stored (primary-key probes) and its newest
// status-callback attempts (callback_attempts_token).
import type { Queryable } from "../../db/database.ts";
import type { DoctorDelivery, DoctorLead, DoctorRequest, DoctorWindow } from "./integration-doctor.ts";

/** Requests read at most, of the last this many days. */
export const DOCTOR_WINDOW_REQUESTS = 500;
export const DOCTOR_WINDOW_DAYS = 7;
/** Delivery attempts read at most. */
export const DOCTOR_WINDOW_DELIVERIES = 50;

interface RequestRow {
  at: Date | string;
  status: number;
  problem_code: string | null;
  pointers: string[] | null;
  dry_run: boolean;
  replayed: boolean;
  idempotency_key: boolean | null;
  lead_id: string | null;
  consent_lag_s: number | null;
  clock_skew_s: number | null;
  bot_check_sent: boolean | null;
}

const requestOf = (row: RequestRow): DoctorRequest => ({
  at: new Date(row.at),
  status: Number(row.status),
  problemCode: row.problem_code,
  pointers: row.pointers,
  dryRun: row.dry_run,
  replayed: row.replayed,
  idempotencyKey: row.idempotency_key,
  leadId: row.lead_id,
  consentLagSeconds: row.consent_lag_s,
  clockSkewSeconds: row.clock_skew_s,
  botCheckSent: row.bot_check_sent,
});

/**
 * What a keyless post's lead keeps of its body, as one digest computed in the query, never stored: a lead keeps its
 * request's fingerprint only when posted with a key, and two leads of one retried body agree on all of these.
 */
const SAME_BODY = `md5(concat_ws('|', phone, email, first_name, last_name, source, property_ref, price::text,
  external_lead_id, platform, language, consent::text, context::text))`;

/**
 * A token of the owner's account (the caller checked it) and whether it is intake-only.
 *
 * @example const findings = diagnoseIntegration(await readDoctorWindow(db, { tokenId, accountId }, false));
 */
export async function readDoctorWindow(
  q: Queryable,
  owner: { tokenId: string; accountId: string },
  intakeOnly: boolean,
  now: Date = new Date(),
): Promise<DoctorWindow> {
  // The newest rows first, then the age: a filter on `at` inside the scan could walk past the limit.
  const since = now.getTime() - DOCTOR_WINDOW_DAYS * 86_400_000;
  const requests = (
    await q.query<RequestRow>(
      `select at, status, problem_code, pointers, dry_run, replayed, idempotency_key, lead_id::text, consent_lag_s,
         clock_skew_s, bot_check_sent
       from request_log where token_id = $1 and account_id = $2 order by id desc limit $3`,
      [owner.tokenId, owner.accountId, DOCTOR_WINDOW_REQUESTS],
    )
  )
    .map(requestOf)
    .filter((request) => request.at.getTime() >= since);
  const keyless = [
    ...new Set(
      requests.flatMap((r) => (r.status === 201 && r.idempotencyKey === false && r.leadId ? [r.leadId] : [])),
    ),
  ];
  // By primary key only (the account and token checked after): a second predicate could lead the planner to the
  // token's own index and every lead it ever had.
  const leads =
    keyless.length === 0
      ? []
      : (
          await q.query<{
            id: string;
            account_id: string;
            channel_token_id: string;
            fingerprint: string | null;
            received_at: Date | string;
          }>(
            `select id::text, account_id::text, channel_token_id::text, ${SAME_BODY} as fingerprint, received_at
             from leads where id = any($1::text::uuid[])`,
            [`{${keyless.join(",")}}`],
          )
        )
          .filter((row) => row.account_id === owner.accountId && row.channel_token_id === owner.tokenId)
          .map(
            (row): DoctorLead => ({
              id: row.id,
              fingerprint: row.fingerprint,
              receivedAt: new Date(row.received_at),
            }),
          );
  const deliveries = (
    await q.query<{ at: Date | string; status: number | null; url: string }>(
      `select at, status, url from callback_attempts where channel_token_id = $1 order by at desc limit $2`,
      [owner.tokenId, DOCTOR_WINDOW_DELIVERIES],
    )
  ).map((row): DoctorDelivery => ({ at: new Date(row.at), status: row.status, url: row.url }));
  return { requests, leads, deliveries, intakeOnly };
}
