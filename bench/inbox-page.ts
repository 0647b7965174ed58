// The lead inbox at size: 100,000 leads in one account and 100,000 in another, on PostgreSQL and PGlite;
// prints the times of its slowest pages, searches and the CSV export.
// Run: bun bench/inbox-page.ts [--leads 100000] [--runs 15]. A script, not a test: nothing asserts on these times.
import { parseArgs } from "node:util";
import { createChannelToken, ensureAccount } from "@speed-to-lead/server/core/accounts/token-repository";
import { changesSince, feedCursorAt } from "@speed-to-lead/server/core/inbox/changes-since";
import { exportInboxCsv } from "@speed-to-lead/server/core/inbox/csv-export";
import type { InboxFilter } from "@speed-to-lead/server/core/inbox/inbox-filter";
import { listInboxPage } from "@speed-to-lead/server/core/inbox/inbox-page";
import { encodeCursor, timestampToMicros } from "@speed-to-lead/server/core/inbox/keyset-cursor";
import { createBunSqlDatabase } from "@speed-to-lead/server/db/bun-sql-driver";
import type { Database } from "@speed-to-lead/server/db/database";
import { migrate } from "@speed-to-lead/server/db/migrate";
import { createPgliteDatabase } from "@speed-to-lead/server/db/pglite-driver";
import { createDatabase, startPostgresCluster } from "@speed-to-lead/server/testing/postgres-cluster";
import { percentile } from "./stats.ts";

const { values } = parseArgs({
  options: { leads: { type: "string", default: "100000" }, runs: { type: "string", default: "15" } },
});
const LEADS = Number(values.leads);
const RUNS = Number(values.runs);

interface Account {
  id: string;
  channels: string[];
}

/**
 * Leads spread over 30 days, newest now: 10 % test, 60 % without consent, of the rest 90 % handed
 * off, 8 % missed, 2 % pending; 4 channels; 20 % with a platform and external id; every lead a phone
 * and an email unique in the account.
 */
async function fill(db: Database, slug: string, accountIndex: number): Promise<Account> {
  const account = await ensureAccount(db, slug);
  const channels: string[] = [];
  for (const name of ["Website form", "Zillow", "Partner API", "Chatbot"]) {
    channels.push((await createChannelToken(db, account.id, name)).id);
  }
  const step = 100_000;
  for (let from = 1; from <= LEADS; from += step) {
    await db.query(
      `insert into leads (id, account_id, channel_token_id, phone, email, first_name, last_name, source,
         source_campaign, external_lead_id, platform, test, consent, consent_received_at, consent_channel_token_id,
         received_at, respond_by, updated_at, response_state, response_reason)
       select gen_random_uuid(), $1, ($2::uuid[])[1 + i % 4],
         '+1415' || lpad(((i * 7919 + $5) % 10000000)::text, 7, '0'),
         'lead' || i || '@example.com', 'First' || i, 'Last' || i,
         (array['form','partner','chatbot','api','zapier'])[1 + i % 5], 'spring-' || (i % 12),
         case when i % 5 = 0 then 'EXT-' || i end, case when i % 5 = 0 then 'hubspot' end,
         i % 10 = 0, c.consent, case when c.consent is not null then r.at end,
         case when c.consent is not null then ($2::uuid[])[1 + i % 4] end,
         r.at, r.at + interval '5 minutes', r.at,
         case when i % 10 = 0 or c.consent is null then 'not_called'
              when i % 50 = 1 then 'pending' when i % 25 = 3 then 'missed' else 'handed_off' end,
         case when i % 10 = 0 then 'test' when c.consent is null then 'no_consent' end
       from generate_series($3::int, $4::int) as i,
         lateral (select now() - (i * (30::bigint * 86400000 / $6::bigint)) * interval '1 millisecond' as at) r,
         lateral (select case when i % 5 < 3 then null
           else jsonb_build_object('source', 'webform:/contact', 'reference', 'sub_' || i, 'captured_at', '2026-11-01T00:00:00Z') end
           as consent) c`,
      [account.id, `{${channels.join(",")}}`, from, Math.min(from + step - 1, LEADS), accountIndex, LEADS],
    );
  }
  return { id: account.id, channels };
}

/** A cursor positioned `depth` rows into the account's inbox under `filter`-free ordering. */
async function cursorAtDepth(db: Database, accountId: string, depth: number): Promise<string> {
  const [row] = await db.query<{ micros: string; id: string }>(
    `select ${timestampToMicros("received_at")} as micros, id::text as id from leads where account_id = $1
     order by received_at desc, id desc offset $2 limit 1`,
    [accountId, depth],
  );
  return encodeCursor(row!);
}

async function time(run: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  await run(); // warm
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function measure(db: Database, label: string) {
  const started = performance.now();
  const mine = await fill(db, `bench-a-${crypto.randomUUID().slice(0, 6)}`, 0);
  await fill(db, `bench-b-${crypto.randomUUID().slice(0, 6)}`, 1);
  await db.exec("analyze");
  console.log(
    `\n## ${label}: ${LEADS} + ${LEADS} leads filled in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const deep = await cursorAtDepth(db, mine.id, Math.floor(LEADS / 2));
  const page = (filter: InboxFilter, cursor?: string) => () =>
    listInboxPage(db, mine.id, filter, { cursor, limit: 50 });
  // The worst cases of each kind: no "partner" lead has consent in this data (a scan of the account).
  const cases: [string, () => Promise<unknown>][] = [
    ["first page, no filter", page({})],
    ["first page, test only", page({ test: true })],
    ["no match: call-eligible + source partner", page({ callEligible: true, source: "partner" })],
    ["first page, pending (rare)", page({ responseState: "pending" })],
    ["deep page (50 %), live + missed", page({ test: false, responseState: "missed" }, deep)],
    ["deep page (50 %), channel", page({ channelTokenId: mine.channels[1]! }, deep)],
    ["search phone, as typed", page({ search: "(415) 791-9000" })],
    ["search email + live filter", page({ search: "LEAD4242@example.com", test: false })],
    [
      "live-feed catch-up (15 s window)",
      async () => {
        for await (const _ of changesSince(db, mine.id, feedCursorAt(new Date()))) {
        }
      },
    ],
  ];
  console.log("| query | median ms | p95 ms |\n| --- | ---: | ---: |");
  for (const [name, run] of cases) {
    const { median, p95 } = await time(run);
    console.log(`| ${name} | ${median.toFixed(2)} | ${p95.toFixed(2)} |`);
  }
  const exportStart = performance.now();
  let lines = 0;
  for await (const chunk of exportInboxCsv(db, mine.id, { test: true }))
    lines += chunk.split("\r\n").length - 1;
  console.log(
    `\nCSV export of test leads: ${lines - 1} rows in ${(performance.now() - exportStart).toFixed(0)} ms (batches of 500, keyset)`,
  );
}

const cluster = await startPostgresCluster();
try {
  const postgres = createBunSqlDatabase(await createDatabase(cluster.url, "stl_inbox_bench"), {
    poolSize: 4,
  });
  await migrate(postgres);
  await measure(postgres, "PostgreSQL");
  await postgres.close();
} finally {
  await cluster.stop();
}
const pglite = await createPgliteDatabase("memory");
await migrate(pglite);
await measure(pglite, "PGlite (in memory)");
await pglite.close();
