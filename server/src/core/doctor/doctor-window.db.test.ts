// What the integration doctor reads, counted by PostgreSQL (PGlite) itself: with a token's log far past the window
// and another token's beside it, each of its reads touches at most its window's rows (EXPLAIN ANALYZE's rows read
// per table, what was returned plus what a filter removed), through the indexes that exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Queryable } from "../../db/database.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { createTestToken } from "../../testing/intake-requests.ts";
import { DOCTOR_WINDOW_DELIVERIES, DOCTOR_WINDOW_REQUESTS, readDoctorWindow } from "./doctor-window.ts";

let db: Database;
beforeAll(async () => {
  db = await createMemoryDatabase();
});
afterAll(async () => {
  await db.close();
});

interface PlanNode {
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

/** Rows each table's scans read in one statement, and the indexes they went through. */
function rowsRead(node: PlanNode, into: Record<string, number>, indexes: Set<string>) {
  if (node["Relation Name"]) {
    const read = (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0)) * node["Actual Loops"];
    into[node["Relation Name"]] = (into[node["Relation Name"]] ?? 0) + read;
  }
  if (node["Index Name"]) indexes.add(node["Index Name"]);
  for (const child of node.Plans ?? []) rowsRead(child, into, indexes);
}

/**
 * Fills a token's log: `count` requests, keyless 201s each with its stored lead (a test lead: nothing is queued
 * for it), and as many callback attempts.
 */
async function fill(token: { tokenId: string; accountId: string }, count: number) {
  await db.query(
    `with made as (
       insert into leads (id, account_id, channel_token_id, email, source, test, received_at, respond_by, updated_at,
         response_state, response_reason)
       select gen_random_uuid(), $2, $1, 'lead' || n || '@example.com', 'form', true,
         now() - make_interval(secs => $3 - n), now(), now(), 'not_called', 'test'
       from generate_series(1, $3) n
       returning id, received_at)
     insert into request_log (token_id, account_id, at, method, path, status, latency_ms, request_id,
       idempotency_key, lead_id)
     select $1, $2, received_at, 'POST', '/api/speed-to-lead/channel-inbound.php', 201, 1, 'req_' || id, false, id
     from made order by received_at`,
    [token.tokenId, token.accountId, count],
  );
  await db.query(
    `insert into callback_attempts (callback_id, channel_token_id, attempt, event, url, at, status, latency_ms)
     select gen_random_uuid(), $1, 1, 'lead.not_called', 'https://example.com/hook', now() - make_interval(secs => n),
       401, 1
     from generate_series(1, $2) n`,
    [token.tokenId, count],
  );
}

describe("the integration doctor's reads", () => {
  it("read at most the window's rows, whatever the token's log and its neighbours' hold", async () => {
    const token = await createTestToken(db);
    const neighbour = await createTestToken(db);
    await fill(token, 4 * DOCTOR_WINDOW_REQUESTS);
    await fill(neighbour, 4 * DOCTOR_WINDOW_REQUESTS);
    await db.query("analyze request_log");
    await db.query("analyze callback_attempts");
    await db.query("analyze leads");

    const reads: Record<string, number>[] = [];
    const indexes = new Set<string>();
    const explaining: Queryable = {
      async query<T>(text: string, params?: unknown[]) {
        const [plan] = await db.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
          `explain (analyze, format json) ${text}`,
          params,
        );
        const read: Record<string, number> = {};
        rowsRead(plan!["QUERY PLAN"][0].Plan, read, indexes);
        reads.push(read);
        return (await db.query(text, params)) as T[];
      },
    };
    const window = await readDoctorWindow(explaining, token, false);

    expect(window.requests).toHaveLength(DOCTOR_WINDOW_REQUESTS);
    expect(window.deliveries).toHaveLength(DOCTOR_WINDOW_DELIVERIES);
    // One probe per keyless lead of the window, none of the token's older leads or its neighbour's.
    expect(window.leads).toHaveLength(DOCTOR_WINDOW_REQUESTS);
    expect(reads).toEqual([
      { request_log: DOCTOR_WINDOW_REQUESTS },
      { leads: DOCTOR_WINDOW_REQUESTS },
      { callback_attempts: DOCTOR_WINDOW_DELIVERIES },
    ]);
    expect([...indexes].sort()).toEqual(["callback_attempts_token", "leads_pkey", "request_log_token"]);
  });
});
