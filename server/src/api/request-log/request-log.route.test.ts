// GET /api/speed-to-lead/requests through the app on PGlite: a token's own rows only (never another token's of the
// same account, nor another account's), newest first, cursor-paged, filtered by status and problem code.
import { REQUESTS_PATH } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { RequestLogWriter } from "../../core/request-log/request-log-writer.ts";
import type { Database } from "../../db/database.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import { createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { createLoggedApp, flushUntilLogged } from "../../testing/logged-app.ts";

let db: Database;
let app: App;
let log: RequestLogWriter;

beforeAll(async () => {
  db = await createMemoryDatabase();
  ({ app, log } = createLoggedApp(db));
});
afterAll(async () => {
  await log.stop();
  await db.close();
});

const list = async (token: string, query = "") => {
  const response = await app.handle(
    new Request(`http://localhost${REQUESTS_PATH}${query}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return { status: response.status, body: await response.json() };
};

/** Posts n leads, `bad` of them invalid (422 on /email), and waits until their rows are written. */
async function postLeads({ token, tokenId }: { token: string; tokenId: string }, n: number, bad: number) {
  for (let i = 0; i < n; i++) {
    const lead = i < bad ? eligibleLead({ email: "nope" }) : eligibleLead();
    await app.handle(intakeRequest(lead, { token }));
  }
  await flushUntilLogged(db, log, tokenId, n);
}

describe("GET /api/speed-to-lead/requests", () => {
  it("lists the token's own requests only: not a sibling token's, not another account's", async () => {
    const mine = await createTestToken(db);
    const sibling = await createTestToken(db, mine.slug);
    const stranger = await createTestToken(db);
    await postLeads(mine, 2, 1);
    await postLeads(sibling, 3, 0);
    await postLeads(stranger, 4, 0);
    const { status, body } = await list(mine.token);
    expect(status).toBe(200);
    expect(schemaErrors("RequestLogPage", body)).toEqual([]);
    expect(body.requests.map((row: { status: number }) => row.status)).toEqual([201, 422]);
    expect(body.next_cursor).toBeNull();
    expect(body.requests[1].pointers).toContain("/email");
    // The sibling's listing is its 3 posts plus nothing of mine: its own read above is not yet flushed.
    await log.flush();
    const siblingRows = (await list(sibling.token)).body.requests;
    expect(siblingRows.filter((row: { method: string }) => row.method === "POST")).toHaveLength(3);
    const ids = new Set(siblingRows.map((row: { request_id: string }) => row.request_id));
    for (const row of body.requests) expect(ids.has(row.request_id)).toBe(false);
  });

  it("pages newest first with a cursor until the last page, and filters by status and problem code", async () => {
    const poster = await createTestToken(db);
    const { token } = poster;
    await postLeads(poster, 7, 3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await list(token, `?status=4xx&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(body.requests.length).toBeLessThanOrEqual(2);
      seen.push(...body.requests.map((row: { id: string; status: number }) => `${row.status}`));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(["422", "422", "422"]);
    expect((await list(token, "?status=201")).body.requests).toHaveLength(4);
    expect((await list(token, "?problem_code=validation_failed")).body.requests).toHaveLength(3);
    expect((await list(token, "?problem_code=rate_limited")).body.requests).toHaveLength(0);
    const all = (await list(token, "?limit=100")).body.requests.map((row: { id: string }) => Number(row.id));
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });

  it("refuses a malformed or repeated query with 400 request_query_invalid, an intake-only token with 403", async () => {
    const { token } = await createTestToken(db);
    for (const query of [
      "?status=abc",
      "?limit=0",
      "?limit=101",
      "?cursor=x",
      "?status=4xx&status=5xx",
      "?problem_code=A;",
    ])
      expect((await list(token, query)).body.code, query).toBe("request_query_invalid");
    const intakeOnly = await createTestToken(db, undefined, "intake");
    const refused = await list(intakeOnly.token);
    expect([refused.status, refused.body.code]).toEqual([403, "token_intake_only"]);
    expect((await list("stl_ch_unknown")).status).toBe(401);
  });
});
