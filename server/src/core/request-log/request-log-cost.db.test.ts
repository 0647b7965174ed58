// What the request log costs the intake on PostgreSQL, in counts, on a cluster of its own (WAL is cluster-wide):
// the intake's own statements write the same rows per lead with the log on and off, and the log adds one
// request_log row per request, written by one insert per flush (never a statement of the request's own), within
// its budget of WAL bytes and index entries per logged request.

import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import type { Queryable } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import {
  indexEntries,
  reportActivity,
  tableActivity,
  walBetween,
  walPosition,
} from "../../testing/database-counts.ts";
import { describeOnPostgres } from "../../testing/describe-on-postgres.ts";
import { eligibleLead, type HandoffFixture, openHandoffFixture } from "../../testing/handoff-fixture.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import {
  createDatabase,
  type PostgresCluster,
  startPostgresCluster,
} from "../../testing/postgres-cluster.ts";
import { createRequestLogWriter, DEFAULT_REQUEST_LOG_SETTINGS } from "./request-log-writer.ts";

const LEADS = 300;
/**
 * The log's budget: the intake with the log on writes at most 5 % more WAL and WAL-logged index entries per lead
 * than with it off, and each logged request adds one row of at most ROW_BYTES on disk and one index entry. The
 * table is unlogged (migration 0050): its rows and index entries write no WAL, only a commit record per flush.
 * Measured 2026-11-28: off 1,065 B of WAL and 5.97 index entries per lead; before 0050 the log added 1,371 B of
 * WAL and 2 index entries per request (+129 %), now 0.1 B and none in WAL; a row is about 400 B on disk.
 */
const BUDGET = { ratio: 1.05, indexesPerRow: 1, rowBytes: 640 };
const CONCURRENCY = 16;

let cluster: PostgresCluster;
let admin: Bun.SQL;
let observer: Bun.SQL;
let fixture: HandoffFixture;
let posted = 0;

interface Cost {
  /** Rows inserted per lead, by table. */
  insertedPerLead: Record<string, number>;
  walBytesPerLead: number;
  indexEntriesPerLead: number;
  /** What the log's flushes alone wrote, per logged request. */
  flush: { walBytes: number; indexEntries: number };
  logStatements: number;
}

/** LEADS fresh posts through an app with or without the log, counted with the log's flush (its own count too). */
async function costOfLeads(withLog: boolean): Promise<Cost> {
  let logStatements = 0;
  const counting: Queryable = {
    query(text, params) {
      logStatements++;
      return fixture.db.query(text, params);
    },
  };
  const log = withLog
    ? createRequestLogWriter(counting, { ...DEFAULT_REQUEST_LOG_SETTINGS, flushMs: 60_000 }, silentLogger)
    : undefined;
  const app = createApp({ db: fixture.db, rateLimit: { perSecond: 0, burst: 0 }, requestLog: log });
  await reportActivity(fixture.db, fixture.db.connections);
  const before = await tableActivity(observer);
  const inserted = await insertedByTable();
  const from = await walPosition(admin);
  for (let sent = 0; sent < LEADS; sent += CONCURRENCY) {
    const wave = Array.from({ length: Math.min(CONCURRENCY, LEADS - sent) }, () =>
      app.handle(
        intakeRequest(eligibleLead({ phone: `+1415555${String(posted++).padStart(4, "0")}` }), {
          token: fixture.token,
        }),
      ),
    );
    for (const response of await Promise.all(wave)) expect(response.status).toBe(201);
  }
  // The entries are recorded after each answer went out.
  await Bun.sleep(50);
  const flushFrom = await walPosition(admin);
  await log?.stop();
  const to = await flushedWalPosition();
  await reportActivity(fixture.db, fixture.db.connections);
  const after = await insertedByTable();
  expect((await tableActivity(observer)).inserted).toBeGreaterThan(before.inserted);
  const wal = await walBetween(admin, from, to);
  // Without the log, or with its unlogged table, nothing was written after the answers (pg_waldump refuses an
  // empty range).
  const flushWal = to !== flushFrom ? await walBetween(admin, flushFrom, to) : { bytes: 0, records: {} };
  return {
    insertedPerLead: Object.fromEntries(
      Object.entries(after)
        .map(([table, rows]) => [table, (rows - (inserted[table] ?? 0)) / LEADS] as const)
        .filter(([, rows]) => rows > 0),
    ),
    walBytesPerLead: wal.bytes / LEADS,
    indexEntriesPerLead: indexEntries(wal.records) / LEADS,
    flush: { walBytes: flushWal.bytes / LEADS, indexEntries: indexEntries(flushWal.records) / LEADS },
    logStatements,
  };
}

/**
 * The WAL position now, once written out: a commit that wrote no WAL of its own (an unlogged table's) is not
 * flushed by its session but by the WAL writer a moment later, and pg_waldump reads only what is on disk.
 */
async function flushedWalPosition(): Promise<string> {
  const position = await walPosition(admin);
  for (let waited = 0; waited < 100; waited++) {
    const [row] = await admin`select pg_current_wal_flush_lsn() >= ${position}::pg_lsn as flushed`;
    if ((row as { flushed: boolean }).flushed) break;
    await Bun.sleep(50);
  }
  return position;
}

async function insertedByTable(): Promise<Record<string, number>> {
  const rows = (await observer`select relname, n_tup_ins::float8 as ins from pg_stat_user_tables`) as {
    relname: string;
    ins: number;
  }[];
  return Object.fromEntries(rows.map((row) => [row.relname, row.ins]));
}

describeOnPostgres("the request log's cost to the intake (PostgreSQL's counters)", () => {
  beforeAll(async () => {
    cluster = await startPostgresCluster({
      fsync: false,
      // No autovacuum nor checkpoint during the test: their WAL is not the intake's nor the log's.
      settings: ["autovacuum=off", "checkpoint_timeout=1h", "max_wal_size=8GB", "wal_keep_size=1GB"],
    });
    admin = new Bun.SQL(cluster.url, { max: 1 });
    const url = await createDatabase(cluster.url);
    observer = new Bun.SQL(url, { max: 1 });
    fixture = await openHandoffFixture(url);
  }, 120_000);
  afterAll(async () => {
    await fixture?.close();
    await Promise.all([observer?.close(), admin?.close()]);
    await cluster?.stop();
  });

  it("leaves the intake's rows per lead as they were and adds one log row per request, in one insert", async () => {
    // Both loads plan their statements before counting: the first load's plans are not the log's cost.
    await costOfLeads(false);
    await costOfLeads(true);
    const off = await costOfLeads(false);
    const on = await costOfLeads(true);
    console.log(`request log cost per lead: off ${JSON.stringify(off)}\n  on ${JSON.stringify(on)}`);
    const { request_log: logged, ...intake } = on.insertedPerLead;
    expect(off.insertedPerLead.request_log).toBeUndefined();
    expect(intake).toEqual(off.insertedPerLead);
    expect(logged).toBe(1);
    // 300 entries, under one flush's 500: a single multi-row insert.
    expect(on.logStatements).toBe(1);
    expect(on.walBytesPerLead, "WAL bytes per lead, log on").toBeLessThanOrEqual(
      off.walBytesPerLead * BUDGET.ratio,
    );
    expect(on.indexEntriesPerLead, "WAL-logged index entries per lead, log on").toBeLessThanOrEqual(
      off.indexEntriesPerLead * BUDGET.ratio,
    );
    const [table] = (await observer`select
        (select count(*) from pg_index where indrelid = 'request_log'::regclass)::int as indexes,
        pg_relation_size('request_log')::float8 / greatest(1, (select count(*) from request_log)) as row_bytes`) as {
      indexes: number;
      row_bytes: number;
    }[];
    console.log(`request_log: ${table!.indexes} index(es), ${table!.row_bytes.toFixed(0)} B on disk per row`);
    expect(table!.indexes, "index entries per logged request").toBeLessThanOrEqual(BUDGET.indexesPerRow);
    expect(table!.row_bytes, "bytes on disk per logged request").toBeLessThanOrEqual(BUDGET.rowBytes);
  }, 180_000);
});
