// The request log through the real app on PGlite: every request that names a known token is logged, refusals
// included, with its problem code, pointers, dry run or replay; nothing of a lead's values is stored.
import { LEADS_PATH, MAX_BODY_BYTES } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { eventually } from "../../testing/eventually.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import { createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { revokeAccountToken } from "../accounts/token-service.ts";
import { parseShapeText } from "./body-shape.ts";
import {
  createRequestLogWriter,
  DEFAULT_REQUEST_LOG_SETTINGS,
  type RequestLogWriter,
} from "./request-log-writer.ts";

let db: Database;
let app: App;
let limited: App;
let log: RequestLogWriter;

beforeAll(async () => {
  db = await createMemoryDatabase();
  log = createRequestLogWriter(db, { ...DEFAULT_REQUEST_LOG_SETTINGS, flushMs: 60_000 }, silentLogger);
  app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 }, requestLog: log });
  // A second app sharing the log, whose token bucket holds one request.
  limited = createApp({ db, rateLimit: { perSecond: 0.001, burst: 1 }, requestLog: log });
});
afterAll(async () => {
  await log.stop();
  await db.close();
});

/** What a sender posts: personal values the log must never hold. */
const PHONE = "(415) 555-0142";
const EMAIL = "ana.lopez@example.com";
const lead = (overrides: Record<string, unknown> = {}) =>
  eligibleLead({ email: EMAIL, first_name: "Anabel", last_name: "Quintanilla", ...overrides });

interface LoggedRow {
  status: number;
  problem_code: string | null;
  pointers: string[] | null;
  dry_run: boolean;
  replayed: boolean;
  method: string;
  path: string;
  request_id: string;
  body: unknown;
}

/** The token's rows, oldest first, once onAfterResponse ran for `expected` of them and the buffer was flushed. */
async function rowsOf(tokenId: string, expected: number): Promise<LoggedRow[]> {
  return await eventually(
    async () => {
      await log.flush();
      return await db.query<LoggedRow>(
        "select status, problem_code, pointers, dry_run, replayed, method, path, request_id, body from request_log where token_id = $1 order by id",
        [tokenId],
      );
    },
    (rows) => rows.length >= expected,
    5_000,
  );
}

describe("the request log of a token", () => {
  it("logs accepted posts, 422s with their pointers, a reused key, 413, dry runs and replays", async () => {
    const { token, tokenId } = await createTestToken(db);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      app.handle(intakeRequest(body, { token, headers }));
    expect((await post(lead())).status).toBe(201);
    expect((await post(lead({ email: "not-an-email", phone: "12" }))).status).toBe(422);
    const keyed = lead({ idempotency_key: "k-1" });
    expect((await post(keyed)).status).toBe(201);
    const again = await post(keyed);
    expect(again.status, await again.clone().text()).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const reused = await post({ ...keyed, first_name: "Other" });
    expect(reused.status).toBe(422);
    const big = { raw: `{"x":"${"y".repeat(MAX_BODY_BYTES)}"}`, token };
    expect((await app.handle(intakeRequest(null, big))).status).toBe(413);
    expect((await post(lead(), { "dry-run": "true" })).status).toBe(201);

    const rows = await rowsOf(tokenId, 7);
    expect(rows.map((row) => [row.status, row.problem_code, row.dry_run, row.replayed])).toEqual([
      [201, null, false, false],
      [422, "validation_failed", false, false],
      [201, null, false, false],
      [201, null, false, true],
      [422, "idempotency_key_reused", false, false],
      [413, "payload_too_large", false, false],
      [201, null, true, false],
    ]);
    expect(rows[1]!.pointers).toEqual(expect.arrayContaining(["/email"]));
    expect(parseShapeText(rows[0]!.body as string)).toEqual(
      expect.arrayContaining([{ pointer: "/phone", kind: "string", length: PHONE.length }]),
    );
    expect(rows[5]!.body).toBeNull();
    expect(rows.every((row) => row.method === "POST" && row.request_id.length > 0)).toBe(true);
  });

  it("logs a revoked token's 401, a read's 404, an intake-only token's 403 and a 429; never an unknown token", async () => {
    const reader = await createTestToken(db);
    const intakeOnly = await createTestToken(db, undefined, "intake");
    const revoked = await createTestToken(db);
    await revokeAccountToken(db, revoked.accountId, revoked.tokenId);
    const get = (path: string, token: string, via = app) =>
      via.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }));
    expect((await get(`${LEADS_PATH}/${crypto.randomUUID()}`, reader.token)).status).toBe(404);
    expect((await get(`${LEADS_PATH}/${crypto.randomUUID()}`, intakeOnly.token)).status).toBe(403);
    expect((await app.handle(intakeRequest(lead(), { token: revoked.token }))).status).toBe(401);
    expect((await get(`${LEADS_PATH}/${crypto.randomUUID()}`, reader.token, limited)).status).toBe(404);
    expect((await get(`${LEADS_PATH}/${crypto.randomUUID()}`, reader.token, limited)).status).toBe(429);
    const unknown = `stl_ch_${"a".repeat(43)}`;
    expect((await app.handle(intakeRequest(lead(), { token: unknown }))).status).toBe(401);

    expect(
      (await rowsOf(reader.tokenId, 3)).map((row) => [row.method, row.status, row.problem_code]),
    ).toEqual([
      ["GET", 404, "lead_not_found"],
      ["GET", 404, "lead_not_found"],
      ["GET", 429, "rate_limited"],
    ]);
    expect((await rowsOf(intakeOnly.tokenId, 1)).map((row) => [row.status, row.problem_code])).toEqual([
      [403, "token_intake_only"],
    ]);
    expect((await rowsOf(revoked.tokenId, 1)).map((row) => [row.status, row.problem_code])).toEqual([
      [401, "token_revoked"],
    ]);
    const invalid = await db.query("select 1 from request_log where problem_code = 'token_invalid'");
    expect(invalid).toHaveLength(0);
  });

  it("stores no phone, email or name of any post, whatever field or key carries it", async () => {
    const { token, tokenId } = await createTestToken(db);
    const hostile = {
      ...lead(),
      context: { "ana.lopez@example.com": EMAIL, "4155550142": PHONE, note: "Anabel Quintanilla" },
    };
    await app.handle(intakeRequest(hostile, { token }));
    await app.handle(intakeRequest(lead({ email: `${EMAIL}x@` }), { token }));
    await app.handle(intakeRequest(lead(), { token, headers: { "dry-run": "true" } }));
    await rowsOf(tokenId, 3);
    const stored = (await db.query<{ row: string }>("select r::text as row from request_log r")).map(
      (r) => r.row,
    );
    expect(stored.length).toBeGreaterThan(10);
    for (const value of ["555-0142", "5550142", "ana.lopez", "example.com", "Anabel", "Quintanilla", "López"])
      for (const row of stored) expect(row).not.toContain(value);
  });
});
