// The request log's writer on PGlite: one insert per flush, a bounded buffer that drops its oldest, a flush at
// stop, a failed flush kept for the next, and the sweep's two bounds (age and rows per token).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Queryable } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { insertRequestLogEntries, type RequestLogEntry, requestLogPage } from "./request-log-store.ts";
import { createRequestLogWriter, DEFAULT_REQUEST_LOG_SETTINGS } from "./request-log-writer.ts";

let db: Database;
beforeAll(async () => {
  db = await createMemoryDatabase();
});
afterAll(() => db.close());

const entry = (tokenId: string, n: number, at = new Date()): RequestLogEntry => ({
  tokenId,
  accountId: "00000000-0000-4000-8000-000000000001",
  at,
  method: "POST",
  path: "/api/speed-to-lead/channel-inbound.php",
  status: 201,
  problemCode: null,
  pointers: null,
  latencyMs: n,
  dryRun: false,
  replayed: false,
  clientAddress: "127.0.0.1",
  requestId: `req_${n}`,
  body: "/phone:s12",
});

/** The database, counting the statements that reach it; `failing` makes them throw. */
function counted(inner: Queryable) {
  const counter = { statements: 0, failing: false };
  const q: Queryable = {
    query(text, params) {
      counter.statements++;
      if (counter.failing) return Promise.reject(new Error("database down"));
      return inner.query(text, params);
    },
  };
  return { q, counter };
}

const rowsOf = async (tokenId: string) =>
  (
    await db.query<{ request_id: string }>(
      "select request_id from request_log where token_id = $1 order by id",
      [tokenId],
    )
  ).map((row) => row.request_id);

const settings = { ...DEFAULT_REQUEST_LOG_SETTINGS, flushMs: 60_000, sweepMs: 3_600_000 };

describe("the request log's writer", () => {
  it("writes nothing on record, then every waiting entry with one statement per flush", async () => {
    const token = crypto.randomUUID();
    const { q, counter } = counted(db);
    const log = createRequestLogWriter(q, { ...settings, flushRows: 1_000 }, silentLogger);
    for (let n = 0; n < 250; n++) log.record(entry(token, n));
    expect(counter.statements).toBe(0);
    expect(log.waiting).toBe(250);
    await log.flush();
    expect(counter.statements).toBe(1);
    expect(await rowsOf(token)).toHaveLength(250);
    await log.stop();
  });

  it("writes each column's value as it was: quotes, backslashes, commas, no values and a lone empty shape", async () => {
    const token = crypto.randomUUID();
    const owner = { tokenId: token, accountId: entry(token, 0).accountId };
    const odd = {
      ...entry(token, 1),
      path: '/a"b\\c,{d} NULL',
      problemCode: "validation_failed",
      pointers: ["", "/email", "/*"],
      clientAddress: null,
      body: null,
    };
    await insertRequestLogEntries(db, [entry(token, 0), odd]);
    await insertRequestLogEntries(db, [{ ...entry(token, 2), body: "" }]);
    const { rows } = await requestLogPage(db, owner, {}, 10);
    expect(
      rows.map(({ path, problemCode, pointers, clientAddress, body, latencyMs }) => ({
        ...{ path, problemCode, pointers, clientAddress, body, latencyMs },
      })),
    ).toEqual([
      {
        path: entry(token, 2).path,
        problemCode: null,
        pointers: null,
        clientAddress: "127.0.0.1",
        body: [],
        latencyMs: 2,
      },
      {
        path: odd.path,
        problemCode: "validation_failed",
        pointers: ["", "/email", "/*"],
        clientAddress: null,
        body: null,
        latencyMs: 1,
      },
      {
        ...{ path: entry(token, 0).path, problemCode: null, pointers: null, clientAddress: "127.0.0.1" },
        ...{ body: [{ pointer: "/phone", kind: "string", length: 12 }], latencyMs: 0 },
      },
    ]);
  });

  it("flushes by itself when flushRows entries wait, and on its timer otherwise", async () => {
    const token = crypto.randomUUID();
    const log = createRequestLogWriter(db, { ...settings, flushRows: 10, flushMs: 50 }, silentLogger);
    for (let n = 0; n < 10; n++) log.record(entry(token, n));
    for (let i = 0; i < 50 && (await rowsOf(token)).length < 10; i++) await Bun.sleep(20);
    expect(await rowsOf(token)).toHaveLength(10);
    log.record(entry(token, 10));
    for (let i = 0; i < 50 && (await rowsOf(token)).length < 11; i++) await Bun.sleep(20);
    expect(await rowsOf(token)).toHaveLength(11);
    await log.stop();
  });

  it("under overload keeps the newest `capacity` entries, counts the dropped ones, and writes the rest at stop", async () => {
    const token = crypto.randomUUID();
    const drops: number[] = [];
    const log = createRequestLogWriter(
      db,
      { ...settings, capacity: 100, flushRows: 10_000 },
      silentLogger,
      (count) => drops.push(count),
    );
    for (let n = 0; n < 1_000; n++) log.record(entry(token, n));
    expect(log.waiting).toBe(100);
    expect(log.dropped).toBe(900);
    expect(drops.reduce((a, b) => a + b, 0)).toBe(900);
    await log.stop();
    const written = await rowsOf(token);
    expect(written).toHaveLength(100);
    expect(written[0]).toBe("req_900");
    expect(written.at(-1)).toBe("req_999");
    log.record(entry(token, 1_000));
    expect(log.dropped).toBe(901);
    expect(await rowsOf(token)).toHaveLength(100);
  });

  it("keeps a failed flush's entries for the next one", async () => {
    const token = crypto.randomUUID();
    const { q, counter } = counted(db);
    const log = createRequestLogWriter(q, settings, silentLogger);
    for (let n = 0; n < 5; n++) log.record(entry(token, n));
    counter.failing = true;
    await log.flush();
    expect(log.waiting).toBe(5);
    counter.failing = false;
    await log.stop();
    expect(await rowsOf(token)).toEqual(["req_0", "req_1", "req_2", "req_3", "req_4"]);
  });

  it("sweeps rows past the retention period and a token's rows past its cap, newest kept", async () => {
    const busy = crypto.randomUUID();
    const quiet = crypto.randomUUID();
    const log = createRequestLogWriter(
      db,
      { ...settings, retentionDays: 7, maxRowsPerToken: 30 },
      silentLogger,
    );
    const old = new Date(Date.now() - 8 * 24 * 3_600_000);
    for (let n = 0; n < 5; n++) log.record(entry(quiet, n, old));
    log.record(entry(quiet, 5));
    for (let n = 0; n < 50; n++) log.record(entry(busy, n));
    await log.flush();
    const deleted = await log.sweep();
    expect(deleted).toBe(5 + 20);
    expect(await rowsOf(quiet)).toEqual(["req_5"]);
    const kept = await rowsOf(busy);
    expect(kept).toHaveLength(30);
    expect(kept[0]).toBe("req_20");
    await log.stop();
  });
});
