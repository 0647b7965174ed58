// Per-lead counts of one load, which do not depend on the machine's speed: rows inserted, updated (how
// many HOT) and deleted (pg_stat_user_tables), WAL bytes (pg_current_wal_lsn) and records by kind
// (pg_waldump: index entries, row locks, MultiXacts), the evidence log's rows and bytes on disk, statements and
// their plans (pg_stat_statements).
import { parseWaldumpStats } from "@speed-to-lead/server/testing/database-counts";
import { findPostgresBin } from "@speed-to-lead/server/testing/postgres-cluster";

export { parseWaldumpStats };

/** What startPostgresCluster needs for this probe (settings given here cannot be changed by ALTER SYSTEM). */
export const COUNTS_CLUSTER_SETTINGS = [
  "shared_preload_libraries=pg_stat_statements",
  "pg_stat_statements.track_planning=on",
  // The probe's WAL must still be there when pg_waldump reads it, checkpoints or not.
  "wal_keep_size=2GB",
  // The month is filled in a few statements, and the evidence log's triggers take one lock per lead they append
  // to (a per-lead chain): a statement that writes a month of hand-offs holds about 850,000 of them at once.
  "max_locks_per_transaction=8192",
];

interface Statement {
  query: string;
  calls: number;
  plans: number;
  rows: number;
  planMs: number;
  execMs: number;
}

export interface Counts {
  row: string;
  leads: number;
  inserted: number;
  updated: number;
  hot: number;
  deleted: number;
  walBytes: number;
  fpiBytes: number;
  /** Rows the leads' evidence log gained, and its growth on disk (heap, TOAST and index) in bytes. */
  evidenceRows: number;
  evidenceBytes: number;
  /** pg_waldump's record kinds (`Btree/INSERT_LEAF`, `+INIT` folded in) with their counts. */
  records: Record<string, number>;
  statements: Statement[];
}

/** Statements are tracked only while a probe runs (off, the hand-off's statements cost nothing extra). */
export async function configureCounting(adminUrl: string, probing: boolean): Promise<void> {
  const admin = new Bun.SQL(adminUrl, { max: 1 });
  try {
    if (probing) await admin`create extension if not exists pg_stat_statements`;
    await admin.unsafe(`alter system set pg_stat_statements.track = ${probing ? "top" : "none"}`);
    await admin.unsafe(`alter system ${probing ? "set autovacuum = off" : "reset autovacuum"}`);
    await admin`select pg_reload_conf()`;
  } finally {
    await admin.close();
  }
}

const tableCounts = async (db: Bun.SQL) =>
  (
    await db`select coalesce(sum(n_tup_ins), 0)::float8 as inserted, coalesce(sum(n_tup_upd), 0)::float8 as updated,
      coalesce(sum(n_tup_hot_upd), 0)::float8 as hot, coalesce(sum(n_tup_del), 0)::float8 as deleted
      from pg_stat_user_tables`
  )[0] as { inserted: number; updated: number; hot: number; deleted: number };

/** The evidence log's rows written and size on disk; zeros where there is none (pgbench's database). */
const evidenceSize = async (db: Bun.SQL) =>
  (
    await db`select coalesce((select n_tup_ins from pg_stat_user_tables where relname = 'lead_evidence'), 0)::float8 as rows,
      coalesce(pg_total_relation_size(to_regclass('lead_evidence')), 0)::float8 as bytes`
  )[0] as { rows: number; bytes: number };

/**
 * Runs `load` (it answers how many leads it sent, and returns once their hand-offs are delivered)
 * with the cluster counting. Autovacuum is paused meanwhile so that its WAL is not counted.
 */
export async function countAround(
  row: string,
  adminUrl: string,
  databaseUrl: string,
  load: () => Promise<number>,
): Promise<Counts> {
  const admin = new Bun.SQL(adminUrl, { max: 1 });
  const db = new Bun.SQL(databaseUrl, { max: 1 });
  // Backends report their table counts at most once a second when idle, later when the report is contended.
  const reported = () => Bun.sleep(3000);
  try {
    await configureCounting(adminUrl, true);
    for (let waited = 0; waited < 120; waited += 1) {
      const [{ n }] =
        await admin`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'`;
      if (n === 0) break;
      await Bun.sleep(500);
    }
    await reported();
    await admin`select pg_stat_statements_reset()`;
    const before = await tableCounts(db);
    const logBefore = await evidenceSize(db);
    const [{ lsn: from }] = await admin`select pg_current_wal_lsn()::text as lsn`;
    const leads = await load();
    const [{ lsn: to, bytes }] =
      await admin`select pg_current_wal_lsn()::text as lsn, pg_wal_lsn_diff(pg_current_wal_lsn(), ${from}::pg_lsn)::float8 as bytes`;
    await configureCounting(adminUrl, false);
    await reported();
    const after = await tableCounts(db);
    const logAfter = await evidenceSize(db);
    const name = new URL(databaseUrl).pathname.slice(1);
    const statements =
      (await admin`select query, calls::float8 as calls, plans::float8 as plans, rows::float8 as rows,
      total_plan_time as "planMs", total_exec_time as "execMs" from pg_stat_statements
      where dbid = (select oid from pg_database where datname = ${name}) and query not like '%pg_stat_user_tables%'
      order by calls desc`) as Statement[];
    const [{ dir }] = await admin`select current_setting('data_directory') as dir`;
    const waldump = [findPostgresBin("pg_waldump"), `--path=${dir}/pg_wal`, `--start=${from}`, `--end=${to}`];
    const dump = Bun.spawnSync([...waldump, "--stats=record"]);
    if (dump.exitCode !== 0) throw new Error(`pg_waldump failed: ${dump.stderr.toString()}`);
    return {
      ...{ row, leads, walBytes: bytes, statements, ...parseWaldumpStats(dump.stdout.toString()) },
      inserted: after.inserted - before.inserted,
      updated: after.updated - before.updated,
      hot: after.hot - before.hot,
      deleted: after.deleted - before.deleted,
      evidenceRows: logAfter.rows - logBefore.rows,
      evidenceBytes: logAfter.bytes - logBefore.bytes,
    };
  } finally {
    await configureCounting(adminUrl, false);
    await Promise.all([admin.close(), db.close()]);
  }
}

const sum = (records: Record<string, number>, kinds: string[]) =>
  kinds.reduce((total, kind) => total + (records[kind] ?? 0), 0);

/** One row per probed load, every figure per lead; then each load's statements. */
export function renderCounts(all: Counts[]): string {
  const table = all.map((c) => {
    const per = (value: number, digits = 1) => (value / Math.max(1, c.leads)).toFixed(digits);
    const calls = c.statements.reduce((total, s) => total + s.calls, 0);
    const plans = c.statements.reduce((total, s) => total + s.plans, 0);
    const planMs = c.statements.reduce((total, s) => total + s.planMs, 0);
    const execMs = c.statements.reduce((total, s) => total + s.execMs, 0);
    const entries = sum(c.records, [
      "Btree/INSERT_LEAF",
      "Btree/INSERT_POST",
      "Btree/SPLIT_L",
      "Btree/SPLIT_R",
    ]);
    const walRecords = Object.values(c.records).reduce((total, n) => total + n, 0);
    return `| ${c.row} | ${c.leads} | ${per(c.inserted)} | ${per(c.updated)} (${per(c.hot)} HOT) | ${per(c.deleted)} | ${per(entries)} | ${per(sum(c.records, ["Heap/LOCK", "Heap2/LOCK_UPDATED"]))} | ${per(sum(c.records, ["MultiXact/CREATE_ID"]), 2)} | ${per(sum(c.records, ["Transaction/COMMIT"]), 2)} | ${per(walRecords)} | ${per(c.walBytes, 0)} (${per(c.fpiBytes, 0)} FPI) | ${per(c.evidenceRows, 2)} | ${per(c.evidenceBytes, 0)} | ${per(calls, 2)} | ${per(plans, 2)} | ${Math.round((planMs / Math.max(1e-9, execMs)) * 100)} % |`;
  });
  const statements = all.flatMap((c) => [
    "",
    `${c.row}: statements by calls (per lead; plans and rows per call; mean execution ms)`,
    "",
    "| calls | plans | rows | exec ms | statement |",
    "|--:|--:|--:|--:|---|",
    ...c.statements.slice(0, 15).map((s) => {
      const query = s.query.replace(/\s+/g, " ").replaceAll("|", "\\|");
      const perCall = (value: number) => (value / Math.max(1, s.calls)).toFixed(2);
      return `| ${(s.calls / Math.max(1, c.leads)).toFixed(3)} | ${perCall(s.plans)} | ${perCall(s.rows)} | ${perCall(s.execMs)} | \`${query.length > 150 ? `${query.slice(0, 147)}…` : query}\` |`;
    }),
  ]);
  return [
    "| load | leads | rows inserted | updated | deleted | index entries | row locks | MultiXacts | commits | WAL records | WAL bytes | evidence log rows | evidence log bytes | statements | plans | plan / exec time |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...table,
    ...statements,
  ].join("\n");
}
