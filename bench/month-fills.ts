// Where the "month" cells' databases come from: on PostgreSQL one filled template per schema, copied file by
// file for each server (a fill of 1,000,000 leads takes minutes, a copy seconds); on PGlite a smaller fill
// of the server's folder; for pgbench its table holding as many rows as the month holds leads.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createPgliteDatabase } from "@speed-to-lead/server/db/pglite-driver";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { REPOSITORY_ROOT } from "@speed-to-lead/tests/harness/stl-cli";
import { type Executor, fillMonth, type MonthFill, type MonthOwner } from "./month-database.ts";
import { createBenchToken } from "./services.ts";

/** PGlite fills in one wasm thread (20,000 leads took 24 s here, against 3 s on PostgreSQL): its month holds at most this many leads. */
export const PGLITE_MONTH_LEADS = 50_000;

/** The month PGlite is given: at most PGLITE_MONTH_LEADS leads, the list scaled down with them. */
export function pgliteMonth(fill: MonthFill): MonthFill {
  if (fill.storedLeads <= PGLITE_MONTH_LEADS) return fill;
  const share = PGLITE_MONTH_LEADS / fill.storedLeads;
  return { storedLeads: PGLITE_MONTH_LEADS, listedNumbers: Math.round(fill.listedNumbers * share) };
}

/** A checkout's migrations, hashed: two checkouts with the same ones can share a filled template. */
export function migrationsHash(repository: string): string {
  const dir = join(repository, "server/src/db/migrations");
  const hash = createHash("sha256");
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort())
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(dir, file)))
      .update("\0");
  return hash.digest("hex");
}

const log = (what: string, started: number) => (done: number, total: number) => {
  if (done === total || done % 7 === 0)
    console.log(
      `  ${what}: ${done}/${total} statements, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
};

/** Fills `db` in the account and token the bench's leads arrive with. */
async function fillAs(db: Executor, owner: MonthOwner, fill: MonthFill, what: string) {
  const started = performance.now();
  await fillMonth(db, owner, fill, log(what, started));
  return (performance.now() - started) / 1000;
}

/** Runs `repository`'s own bench/month-database.ts on `url`, its progress printed; answers its seconds. */
async function fillWithCheckout(repository: string, url: string, owner: MonthOwner, fill: MonthFill) {
  const started = performance.now();
  const child = Bun.spawn(
    [
      "bun",
      join(repository, "bench/month-database.ts"),
      url,
      `--account-id=${owner.accountId}`,
      `--channel-token-id=${owner.channelTokenId}`,
      `--stored-leads=${fill.storedLeads}`,
      `--listed-numbers=${fill.listedNumbers}`,
    ],
    { cwd: repository, stdio: ["ignore", "inherit", "inherit"] },
  );
  if ((await child.exited) !== 0) throw new Error(`the month fill of ${repository} failed`);
  return (performance.now() - started) / 1000;
}

/**
 * Month databases on the cluster behind `adminUrl`: `create` answers a new database holding the month and a
 * channel token of it, the template made (migrated and token made by `repository`'s CLI) on first use.
 */
export function postgresMonths(adminUrl: string, fill: MonthFill) {
  const templates = new Map<string, Promise<{ name: string; token: string; seconds: number }>>();
  async function template(repository: string) {
    const url = await createDatabase(adminUrl, "bench_month_template");
    const { id, token } = await createBenchToken({ DATABASE_URL: url }, repository);
    const sql = new Bun.SQL(url, { max: 1 });
    try {
      const [{ account }] =
        await sql`select account_id::text as account from channel_tokens where id = ${id}`;
      const owner = { accountId: account, channelTokenId: id };
      // An older checkout's schema is filled by that checkout's own fill: this one writes columns it may not have.
      const seconds =
        repository === REPOSITORY_ROOT
          ? await fillAs({ exec: (script) => sql.unsafe(script) }, owner, fill, "month on PostgreSQL")
          : await fillWithCheckout(repository, url, owner, fill);
      return { name: new URL(url).pathname.slice(1), token, seconds };
    } finally {
      await sql.close();
    }
  }
  return {
    /** Seconds each template took to fill, for the report. */
    async fillSeconds(): Promise<number[]> {
      return (await Promise.all(templates.values())).map((made) => made.seconds);
    },
    async create(prefix: string, repository = REPOSITORY_ROOT): Promise<{ url: string; token: string }> {
      const key = migrationsHash(repository);
      if (!templates.has(key)) templates.set(key, template(repository));
      const { name: templateName, token } = await templates.get(key)!;
      const name = `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
      const admin = new Bun.SQL(adminUrl, { max: 1 });
      try {
        // FILE_COPY: the template's files copied after a checkpoint, instead of every page through the WAL.
        await admin.unsafe(`create database ${name} template ${templateName} strategy file_copy`);
      } finally {
        await admin.close();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return { url: url.toString(), token };
    },
  };
}

/** Fills the PGlite folder `dir` (migrated, its bench token made, no process holding it) with `fill`. */
export async function fillPgliteMonth(dir: string, tokenId: string, fill: MonthFill): Promise<number> {
  const db = await createPgliteDatabase(dir);
  try {
    const [row] = await db.query<{ account: string }>(
      "select account_id::text as account from channel_tokens where id = $1",
      [tokenId],
    );
    return await fillAs(db, { accountId: row!.account, channelTokenId: tokenId }, fill, "month on PGlite");
  } finally {
    await db.close();
  }
}

/** pgbench's table holding `rows` rows, so a month cell's ratio compares like with like. */
export async function fillSingleRows(databaseUrl: string, rows: number): Promise<void> {
  const sql = new Bun.SQL(databaseUrl, { max: 1 });
  try {
    await sql.unsafe(
      `insert into single_rows (key) select 'month-' || i from generate_series(1, ${Math.floor(rows)}) as i`,
    );
    await sql.unsafe("vacuum analyze single_rows");
  } finally {
    await sql.close();
  }
}
