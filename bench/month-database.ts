// A month of one account's use, written straight in SQL: the stored leads with the rows the intake and the
// hand-off leave behind them (idempotency keys, settled response tasks, attempts, the lead's history) and
// a do-not-call list. The bench's "month" cells run on it; `bun bench/month-database.ts` fills any database.
import { parseArgs } from "node:util";

export interface MonthFill {
  /** Leads stored before the bench's own, received evenly over the 30 days before now. */
  storedLeads: number;
  /** Numbers on the account's do-not-call list. */
  listedNumbers: number;
}

/** The issue's month: what a busy user's database holds after 30 days. */
export const MONTH_FILL: MonthFill = { storedLeads: 1_000_000, listedNumbers: 100_000 };

/** Where the rows go: the account and channel token the bench's own leads arrive with. */
export interface MonthOwner {
  accountId: string;
  channelTokenId: string;
}

/** Runs SQL without parameters: Bun.SQL's `unsafe` on PostgreSQL, the server's `exec` on PGlite. */
export interface Executor {
  exec(script: string): Promise<unknown>;
}

/** Leads per statement: each table's insert of a chunk is one statement, so progress shows and memory stays flat. */
const CHUNK = 100_000;
const DAY_MS = 86_400_000;

/**
 * What each stored lead `i` (1…N) was, by residue, so any N keeps the same shares. 5 % test leads, 10 %
 * without consent, 0.5 % held back by the do-not-call list (not called); of the rest 2 % missed, the
 * others handed off. 25 % came from a partner with an external id, 5 % of all were repeated once
 * (merged: one more key, repeat row and change). 90 % carried an idempotency key.
 */
const MIX = {
  test: "i % 20 = 0",
  noConsent: "i % 20 in (1, 2)",
  optedOut: "i % 200 = 3",
  missed: "i % 50 = 7",
  partner: "i % 4 = 1",
  repeated: "i % 20 = 5",
  keyed: "i % 10 <> 9",
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUIDv7 (as the server makes) whose time is `ms` and whose rest comes from the row's tag and number. */
const v7 = (tag: string, ms = "t.ms") =>
  `(lpad(to_hex(${ms}), 12, '0') || '7' || substr(md5('${tag}' || i), 1, 3) || '8' || substr(md5('${tag}' || i), 4, 15))::uuid`;
const iso = (at: string) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A listed number; the opted-out leads use the first ones, the bench's posted numbers (415, 212, 312) are never listed. */
const listedPhone = (j: string) => `'+1617' || (2000000 + ${j})::text`;

/**
 * The statements that fill the month, in order: each table's rows for each chunk of leads, the list, then
 * VACUUM ANALYZE (as autovacuum would have by then; nor does it start during the measured runs).
 */
export function monthStatements(owner: MonthOwner, fill: MonthFill, now = Date.now()): string[] {
  const { accountId, channelTokenId } = owner;
  if (!uuidPattern.test(accountId) || !uuidPattern.test(channelTokenId))
    throw new Error("monthStatements: account and token ids must be UUIDs");
  for (const [name, value] of Object.entries(fill))
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`monthStatements: ${name} must be a whole number`);
  const { storedLeads, listedNumbers } = fill;
  // The last stored lead an hour before now: none is still within its five minutes.
  const start = now - 30 * DAY_MS;
  const step = Math.floor((30 * DAY_MS - 3_600_000) / Math.max(1, storedLeads));
  const account = `'${accountId}'::uuid`;
  const token = `'${channelTokenId}'::uuid`;
  const optedOut = listedNumbers > 0 ? MIX.optedOut : "false";
  const eligible = `not (${MIX.test} or ${MIX.noConsent} or ${optedOut})`;
  const state = `case when ${MIX.test} or ${MIX.noConsent} or ${optedOut} then 'not_called' when ${MIX.missed} then 'missed' else 'handed_off' end`;
  const reason = `case when ${MIX.test} then 'test' when ${MIX.noConsent} then 'no_consent' when ${optedOut} then 'opted_out' end`;
  const settledAt = "t.at + interval '40 milliseconds'";
  const repeatedAt = "t.at + interval '2 hours'";
  const phone =
    listedNumbers > 0
      ? `case when ${optedOut} then ${listedPhone(`i % ${listedNumbers}`)} else '+1' || (array['415','212','312','646','718'])[1 + i % 5] || (2000000 + (i * 7919) % 8000000)::text end`
      : `'+1' || (array['415','212','312','646','718'])[1 + i % 5] || (2000000 + (i * 7919) % 8000000)::text`;
  const consent = `case when not (${MIX.noConsent}) then ('{"source":"webform:/contact","reference":"month-' || i || '","captured_at":"' || ${iso("t.at - interval '1 minute'")} || '"}')::jsonb end`;
  // bigint: products such as i * 7919 pass int4's range from about 271,000 leads on.
  const rows = (from: number, to: number, where = "true") =>
    `from generate_series(${from}::bigint, ${to}::bigint) as i,
      lateral (select ${start}::bigint + (i - 1) * ${step}::bigint as ms) m,
      lateral (select m.ms, to_timestamp(m.ms / 1000.0) as at) t
     where ${where}`;
  // What the intake answered, kept for a replay: the accepted body, about as long as the real one.
  const body = (status: "201" | "200") =>
    `'{"id":"' || ${v7("L")} || '","created":${status === "201"},"test":' || (${MIX.test})::text || ',"call_eligible":' || (${eligible})::text || ',"received_at":"' || ${iso("t.at")} || '","respond_by":"' || ${iso("t.at + interval '5 minutes'")} || '","lead":{"phone":"' || ${phone} || '","email":"lead' || i || '@example.com","first_name":"Ana","last_name":"Month","source":"hosted_page","test":' || (${MIX.test})::text || ',"response":{"state":"pending"}},"ignored_fields":[]}'`;
  const decision = `'{"call":{"permitted":true},"call_window":{"latest":"2026-11-29T04:00:00.000Z","earliest":"2026-11-28T16:00:00.000Z","local_end":"20:00","time_zones":["America/Los_Angeles"],"local_start":"08:00","rules_applied":[{"kind":"hours","name":"United States (federal)","source":"47 CFR 64.1200(c)(1) (FCC, TCPA rules); also 16 CFR 310.4(c) (FTC Telemarketing Sales Rule)","checked":"2026-11-25","local_end":"21:00","local_start":"08:00","jurisdiction":"US"}],"time_zone_source":"area_code"},"rules_version":"a05e70e4f2d28f80"}'::jsonb`;

  const statements: string[] = [];
  for (let from = 1; from <= storedLeads; from += CHUNK) {
    const to = Math.min(storedLeads, from + CHUNK - 1);
    statements.push(
      `insert into leads (id, account_id, channel_token_id, phone, email, first_name, last_name, source,
         source_campaign, property_ref, price, language, timezone, context, external_lead_id, platform, test,
         consent, consent_received_at, consent_channel_token_id, received_at, respond_by, updated_at,
         response_state, response_reason, handoff_status, handoff_attempts, handoff_error, delivered_at)
       select ${v7("L")}, ${account}, ${token}, ${phone}, 'lead' || i || '@example.com',
         (array['Ana','Luis','Mei','Omar','Kate'])[1 + i % 5], 'Month' || i % 1000,
         case when ${MIX.partner} then 'partner' else 'hosted_page' end, 'spring-' || i % 12,
         (100 + i % 9000) || ' Main St, Austin, TX', 200000 + (i % 500) * 1000, 'en', 'America/Chicago',
         '{"bedrooms":3,"utm_source":"google"}'::jsonb,
         case when ${MIX.partner} then 'EXT-' || i end, case when ${MIX.partner} then 'bench-crm' end,
         ${MIX.test}, ${consent}, case when not (${MIX.noConsent}) then t.at end,
         case when not (${MIX.noConsent}) then ${token} end,
         t.at, t.at + interval '5 minutes',
         case when ${MIX.repeated} then ${repeatedAt} when ${eligible} then ${settledAt} else t.at end,
         ${state}, ${reason},
         -- Each eligible lead's hand-off as it settled (its task id is the lead's: 0048_handoff_queue.sql).
         case when ${eligible} then case when ${MIX.missed} then 'missed' else 'delivered' end end,
         case when ${eligible} then 1 end, case when ${eligible} and ${MIX.missed} then 'HTTP 503' end,
         case when ${eligible} and not (${MIX.missed}) then ${settledAt} end
       ${rows(from, to)}`,
      `insert into idempotency_keys (account_id, key, fingerprint, lead_id, response_status, response_body, created_at)
       select ${account}, 'month-' || i, md5('F' || i) || md5('G' || i), ${v7("L")}, 201, ${body("201")}, t.at
       ${rows(from, to, MIX.keyed)}
       union all
       select ${account}, 'month-' || i || '-repeat', md5('H' || i) || md5('J' || i), ${v7("L")}, 200, ${body("200")}, ${repeatedAt}
       ${rows(from, to, MIX.repeated)}`,
      `insert into handoff_attempts (id, task_id, lead_id, attempt, started_at, latency_ms, ok, http_status, error, decision)
       select ${v7("A")}, ${v7("L")}, ${v7("L")}, 1, t.at + interval '30 milliseconds', 8, not (${MIX.missed}),
         case when ${MIX.missed} then 503 else 200 end, case when ${MIX.missed} then 'HTTP 503' end, ${decision}
       ${rows(from, to, eligible)}`,
      `insert into lead_changes (account_id, changed_at, lead_id)
       select ${account}, ${settledAt}, ${v7("L")} ${rows(from, to, eligible)}
       union all
       select ${account}, ${repeatedAt}, ${v7("L")} ${rows(from, to, MIX.repeated)}`,
      `insert into lead_repeats (id, lead_id, channel_token_id, received_at, changed_fields)
       select ${v7("R")}, ${v7("L")}, ${token}, ${repeatedAt}, '{price}' ${rows(from, to, MIX.repeated)}`,
      `insert into call_attempts (id, account_id, phone, lead_id, attempted_at, webhook_id, received_at)
       select ${v7("C")}, ${account}, ${phone}, ${v7("L")}, t.at + interval '20 seconds', 'msg_month_' || i,
         t.at + interval '21 seconds'
       ${rows(from, to, `${eligible} and not (${MIX.missed})`)}`,
    );
  }
  for (let from = 0; from < listedNumbers; from += CHUNK) {
    const to = Math.min(listedNumbers, from + CHUNK) - 1;
    // Added over the 90 days before now, each with the change that added it.
    const listed = `from generate_series(${from}::bigint, ${to}::bigint) as j,
      lateral (select to_timestamp((${now}::bigint - 90 * ${DAY_MS}::bigint + j * ${Math.floor((90 * DAY_MS) / Math.max(1, listedNumbers))}::bigint) / 1000.0) as at) t`;
    statements.push(
      `insert into dnc_numbers (account_id, phone, added_at) select ${account}, ${listedPhone("j")}, t.at ${listed}`,
      `insert into dnc_changes (id, account_id, phone, action, via, actor, created_at)
       select gen_random_uuid(), ${account}, ${listedPhone("j")}, 'add', (array['page','cli','assistant'])[1 + j % 3],
         'month-fill', t.at ${listed}`,
    );
  }
  statements.push(
    "vacuum analyze leads, idempotency_keys, handoff_queue, handoff_attempts, lead_changes, lead_repeats, call_attempts, dnc_numbers, dnc_changes",
  );
  return statements;
}

/** Fills the month; `onProgress` hears after every statement. */
export async function fillMonth(
  db: Executor,
  owner: MonthOwner,
  fill: MonthFill,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const statements = monthStatements(owner, fill);
  for (const [index, statement] of statements.entries()) {
    await db.exec(statement);
    onProgress?.(index + 1, statements.length);
  }
}

/** The flags `--stored-leads N --listed-numbers N`, defaults the month's. */
export function parseMonthFill(values: { "stored-leads"?: string; "listed-numbers"?: string }): MonthFill {
  const count = (raw: string | undefined, fallback: number, flag: string) => {
    if (raw === undefined) return fallback;
    const value = Number(raw.replaceAll("_", ""));
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${flag} must be a whole number`);
    return value;
  };
  return {
    storedLeads: count(values["stored-leads"], MONTH_FILL.storedLeads, "stored-leads"),
    listedNumbers: count(values["listed-numbers"], MONTH_FILL.listedNumbers, "listed-numbers"),
  };
}

// `bun bench/month-database.ts DATABASE_URL --account-id ID --channel-token-id ID [--stored-leads N] [--listed-numbers N]`
if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      "account-id": { type: "string" },
      "channel-token-id": { type: "string" },
      "stored-leads": { type: "string" },
      "listed-numbers": { type: "string" },
    },
  });
  const [url] = positionals;
  const [accountId, channelTokenId] = [values["account-id"], values["channel-token-id"]];
  if (!url || !accountId || !channelTokenId) {
    console.error(
      "Usage: bun bench/month-database.ts DATABASE_URL --account-id ID --channel-token-id ID [--stored-leads N] [--listed-numbers N]",
    );
    process.exit(2);
  }
  const sql = new Bun.SQL(url, { max: 1 });
  const started = performance.now();
  await fillMonth(
    { exec: (script) => sql.unsafe(script) },
    { accountId, channelTokenId },
    parseMonthFill(values),
    (done, total) =>
      console.log(`${done}/${total} statements, ${((performance.now() - started) / 1000).toFixed(1)} s`),
  );
  await sql.close();
}
