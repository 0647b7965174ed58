// What the request log costs the intake on PostgreSQL, in counts: the intake's own statement writes the same rows
// per lead with the log on and off, and the log adds one request_log row per request, written by one insert per
// flush (never a statement of the request's own).

import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import type { Queryable } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { reportActivity } from "../../testing/database-counts.ts";
import { describeOnPostgres } from "../../testing/describe-on-postgres.ts";
import {
  createPostgresTestDatabase,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixture,
} from "../../testing/handoff-fixture.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { createRequestLogWriter, DEFAULT_REQUEST_LOG_SETTINGS } from "./request-log-writer.ts";

const LEADS = 200;
const CONCURRENCY = 16;

let fixture: HandoffFixture;
let observer: Bun.SQL;

/** Rows inserted per table by LEADS fresh posts through an app with or without the log (flushed before counting). */
async function insertsPerTable(withLog: boolean) {
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
  const before = await inserted();
  for (let sent = 0; sent < LEADS; sent += CONCURRENCY) {
    const wave = Array.from({ length: Math.min(CONCURRENCY, LEADS - sent) }, (_, i) =>
      app.handle(
        intakeRequest(eligibleLead({ phone: `+1415555${String(sent + i).padStart(4, "0")}` }), {
          token: fixture.token,
        }),
      ),
    );
    for (const response of await Promise.all(wave)) expect(response.status).toBe(201);
  }
  await Bun.sleep(50);
  await log?.stop();
  await reportActivity(fixture.db, fixture.db.connections);
  const after = await inserted();
  const perLead = Object.fromEntries(
    Object.entries(after)
      .map(([table, rows]) => [table, (rows - (before[table] ?? 0)) / LEADS] as const)
      .filter(([, rows]) => rows > 0),
  );
  return { perLead, logStatements };
}

async function inserted(): Promise<Record<string, number>> {
  const rows = (await observer`select relname, n_tup_ins::float8 as ins from pg_stat_user_tables`) as {
    relname: string;
    ins: number;
  }[];
  return Object.fromEntries(rows.map((row) => [row.relname, row.ins]));
}

describeOnPostgres("the request log's cost to the intake (PostgreSQL's counters)", () => {
  beforeAll(async () => {
    const url = await createPostgresTestDatabase();
    fixture = await openHandoffFixture(url);
    observer = new Bun.SQL(url, { max: 1 });
  }, 60_000);
  afterAll(async () => {
    await observer?.close();
    await fixture?.close();
  });

  it("leaves the intake's rows per lead as they were and adds one log row per request, in one insert", async () => {
    const off = await insertsPerTable(false);
    const on = await insertsPerTable(true);
    console.log(
      `rows inserted per lead: log off ${JSON.stringify(off.perLead)}, on ${JSON.stringify(on.perLead)}`,
    );
    const { request_log: logged, ...intake } = on.perLead;
    expect(off.perLead.request_log).toBeUndefined();
    expect(intake).toEqual(off.perLead);
    expect(logged).toBe(1);
    // 200 entries, under one flush's 500: a single multi-row insert.
    expect(on.logStatements).toBe(1);
  }, 120_000);
});
