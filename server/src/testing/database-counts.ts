// What a load cost one PostgreSQL database, in counts that do not depend on the machine's speed: rows read
// (sequential and through indexes), rows written, index entries and WAL bytes (pg_waldump of the load's WAL).
import { findPostgresBin } from "./postgres-cluster.ts";

/** Per-table activity of one database, as pg_stat_user_tables sums it. */
export interface TableActivity {
  /** Rows read by sequential scans plus rows fetched through indexes. */
  read: number;
  inserted: number;
  updated: number;
  hot: number;
  deleted: number;
  /** Rows read per table, to name the table a regression reads. */
  readByTable: Record<string, number>;
  /** Rows inserted, updated or deleted per table, to say what each part of a load writes. */
  writtenByTable: Record<string, number>;
  /** Updates that were not HOT (each wrote a new entry in every index of its table), per table. */
  notHotByTable: Record<string, number>;
}

/** `pg_waldump --stats=record` lines: kind, N (%), record size (%), FPI size (%), combined (%). */
export function parseWaldumpStats(text: string): { records: Record<string, number>; fpiBytes: number } {
  const records: Record<string, number> = {};
  let fpiBytes = 0;
  for (const [, kind, n, fpi] of text.matchAll(
    /^(\w+\/\S+)\s+(\d+)\s+\([\s\d.]+\)\s+\d+\s+\([\s\d.]+\)\s+(\d+)/gm,
  )) {
    const name = kind!.replace("+INIT", "");
    records[name] = (records[name] ?? 0) + Number(n);
    fpiBytes += Number(fpi);
  }
  return { records, fpiBytes };
}

/** WAL record kinds that each add one index entry (a split moves entries, it adds none of a lead's). */
const INDEX_ENTRY_RECORDS = ["Btree/INSERT_LEAF", "Btree/INSERT_POST"];

/** Index entries written, from pg_waldump's record counts. */
export const indexEntries = (records: Record<string, number>): number =>
  INDEX_ENTRY_RECORDS.reduce((total, kind) => total + (records[kind] ?? 0), 0);

/** The current table activity of the database `db` is connected to. */
export async function tableActivity(db: Bun.SQL): Promise<TableActivity> {
  const rows = (await db`select relname, (seq_tup_read + coalesce(idx_tup_fetch, 0))::float8 as read,
    n_tup_ins::float8 as inserted, n_tup_upd::float8 as updated, n_tup_hot_upd::float8 as hot,
    n_tup_del::float8 as deleted
    from pg_stat_user_tables`) as ({ relname: string } & Omit<TableActivity, `${string}ByTable`>)[];
  const total = (key: "read" | "inserted" | "updated" | "hot" | "deleted") =>
    rows.reduce((sum, row) => sum + row[key], 0);
  return {
    read: total("read"),
    inserted: total("inserted"),
    updated: total("updated"),
    hot: total("hot"),
    deleted: total("deleted"),
    readByTable: Object.fromEntries(rows.map((row) => [row.relname, row.read])),
    writtenByTable: Object.fromEntries(
      rows.map((row) => [row.relname, row.inserted + row.updated + row.deleted]),
    ),
    notHotByTable: Object.fromEntries(rows.map((row) => [row.relname, row.updated - row.hot])),
  };
}

/**
 * Makes every connection of a pool report its table activity now: a backend reports when it goes idle, but
 * at most once a second, and otherwise 10 s later. Enough concurrent statements reach each connection.
 */
export async function reportActivity(pool: { query(text: string): Promise<unknown> }, connections: number) {
  await Promise.all(
    Array.from({ length: connections * 3 }, () =>
      pool.query("select pg_stat_force_next_flush(), pg_sleep(0.05)"),
    ),
  );
}

/** The WAL position now (a superuser connection). */
export async function walPosition(admin: Bun.SQL): Promise<string> {
  const [row] = await admin`select pg_current_wal_lsn()::text as lsn`;
  return (row as { lsn: string }).lsn;
}

/** WAL bytes and records between two positions of the cluster `admin` is connected to. */
export async function walBetween(
  admin: Bun.SQL,
  from: string,
  to: string,
): Promise<{ bytes: number; records: Record<string, number>; fpiBytes: number }> {
  const [row] = await admin`select current_setting('data_directory') as dir,
    pg_wal_lsn_diff(${to}::pg_lsn, ${from}::pg_lsn)::float8 as bytes`;
  const { dir, bytes } = row as { dir: string; bytes: number };
  const dump = Bun.spawnSync([
    findPostgresBin("pg_waldump"),
    `--path=${dir}/pg_wal`,
    `--start=${from}`,
    `--end=${to}`,
    "--stats=record",
  ]);
  if (dump.exitCode !== 0) throw new Error(`pg_waldump failed: ${dump.stderr.toString()}`);
  return { bytes, ...parseWaldumpStats(dump.stdout.toString()) };
}

/**
 * WAL bytes between two positions by what they wrote: each record's total length counted against the relation
 * of its first block reference (a table or an index, by name), or its resource manager when it names none
 * (commits, running transactions). Only relations of the database `db` is connected to are named.
 */
export async function walByRelation(
  admin: Bun.SQL,
  db: Bun.SQL,
  from: string,
  to: string,
): Promise<Record<string, number>> {
  const [row] = await admin`select current_setting('data_directory') as dir`;
  const dump = Bun.spawnSync([
    findPostgresBin("pg_waldump"),
    `--path=${(row as { dir: string }).dir}/pg_wal`,
    `--start=${from}`,
    `--end=${to}`,
  ]);
  if (dump.exitCode !== 0) throw new Error(`pg_waldump failed: ${dump.stderr.toString()}`);
  const names = new Map(
    (
      (await db`select pg_relation_filenode(oid)::text as node, relname from pg_class
      where pg_relation_filenode(oid) is not null`) as { node: string; relname: string }[]
    ).map((r) => [r.node, r.relname]),
  );
  const bytes: Record<string, number> = {};
  for (const [, rmgr, total, rest] of dump.stdout
    .toString()
    .matchAll(/^rmgr: (\w+)\s+len \(rec\/tot\):\s+\d+\/\s*(\d+),(.*)$/gm)) {
    const node = rest!.match(/blkref #\d+: rel \d+\/\d+\/(\d+)/)?.[1];
    const name = node ? (names.get(node) ?? `other relation (${rmgr})`) : `no relation (${rmgr})`;
    bytes[name] = (bytes[name] ?? 0) + Number(total);
  }
  return bytes;
}
