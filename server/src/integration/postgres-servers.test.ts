// Two real server processes on one PostgreSQL database: uniqueness holds across processes.
import type {} from "@speed-to-lead/tests/harness/global-setup";
import { createDatabase } from "@speed-to-lead/tests/harness/postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { contractErrors } from "../testing/contract.ts";
import { completeConsent } from "../testing/intake-requests.ts";
import { eventually, type HttpResult, postLead } from "../testing/lead-http.ts";
import {
  cliCreateToken,
  runCli,
  type ServerProcess,
  startServer,
  untilReady,
} from "../testing/server-process.ts";

let env: { DATABASE_URL: string };
let sql: InstanceType<typeof Bun.SQL>;
let a: ServerProcess;
let b: ServerProcess;
let token: string;
let tokenId: string;
let otherToken: string;

beforeAll(async () => {
  env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")) };
  const migrated = await runCli(["migrate"], env);
  expect(migrated.stdout).toContain("Applied 0001_init");
  ({ token, id: tokenId } = await cliCreateToken("acme", env));
  ({ token: otherToken } = await cliCreateToken("globex", env));
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await Promise.all([untilReady(a), untilReady(b)]);
  sql = new Bun.SQL(env.DATABASE_URL, { max: 1 });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sql?.close();
});

const count = async (query: string, ...params: unknown[]) => Number((await sql.unsafe(query, params))[0].n);
const serverFor = (i: number) => (i % 2 === 0 ? a : b);

describe("two servers on one PostgreSQL", () => {
  it("accept leads with the same contract as on PGlite, and print no demo token", async () => {
    const response = await postLead(a.url, token, { phone: "4155552671", consent: completeConsent() });
    expect(response.status).toBe(201);
    expect(contractErrors("LeadAccepted", response.body)).toEqual([]);
    expect(await count("select count(*) as n from response_tasks where lead_id = $1", response.body.id)).toBe(
      1,
    );
    expect(a.lines.join("\n")).not.toContain("stl_ch_");
  });

  it("create one lead for 20 concurrent requests with one key, spread over both processes", async () => {
    const body = {
      phone: "4155552671",
      first_name: "Con",
      idempotency_key: "pg-concurrent",
      consent: completeConsent(),
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postLead(serverFor(i).url, token, body)),
    );
    expect(await count("select count(*) as n from leads where first_name = 'Con'")).toBe(1);
    const created = results.filter((r) => r.status === 201);
    // Later requests wait for the first and replay it; none may answer anything but the replay or 409.
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(created.map((r) => r.text)).size).toBe(1);
    expect(created.filter((r) => r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.code).toBe("idempotency_request_in_flight");
  });

  it("create one lead for concurrent repeats of one external id, and one response task when consent comes", async () => {
    const ids = { platform: "crm", external_lead_id: "X-1", phone: "4155552671" };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postLead(serverFor(i).url, token, i === 7 ? { ...ids, consent: completeConsent() } : ids),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r: HttpResult) => r.body.id)).size).toBe(1);
    expect(await count("select count(*) as n from leads where external_lead_id = 'X-1'")).toBe(1);
    expect(
      await count(
        "select count(*) as n from response_tasks t join leads l on l.id = t.lead_id where l.external_lead_id = 'X-1'",
      ),
    ).toBe(1);
  });

  it("create one lead for concurrent requests with one key and one external id", async () => {
    const body = {
      email: "k@example.com",
      platform: "crm",
      external_lead_id: "KX-1",
      idempotency_key: "pg-key-ext",
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postLead(serverFor(i).url, token, body)),
    );
    expect(await count("select count(*) as n from leads where external_lead_id = 'KX-1'")).toBe(1);
    const created = results.filter((r) => r.status === 201);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(created.map((r) => r.text)).size).toBe(1);
  });

  it("answer 409 with Retry-After while another transaction holds the key past the wait", async () => {
    const [{ id: accountId }] = await sql`select account_id as id from channel_tokens where id = ${tokenId}`;
    const holder = new Bun.SQL(env.DATABASE_URL, { max: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let claimed!: () => void;
    const isClaimed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    // A real open transaction holding the key, as a request stuck mid-way would.
    const transaction = holder.begin(async (tx) => {
      await tx`insert into idempotency_keys (account_id, key, fingerprint, created_at) values (${accountId}, 'pg-held', 'x', now())`;
      claimed();
      await held;
      throw new Error("roll back");
    });
    await isClaimed;
    const response = await postLead(a.url, token, { email: "held@example.com", idempotency_key: "pg-held" });
    release();
    await transaction.catch(() => {});
    await holder.close();
    expect([response.status, response.body.code]).toEqual([409, "idempotency_request_in_flight"]);
    expect(response.headers.get("retry-after")).toBe("1");
    // The holder rolled back: the key is free and the retry creates the lead.
    expect(
      (await postLead(a.url, token, { email: "held@example.com", idempotency_key: "pg-held" })).status,
    ).toBe(201);
  });

  it("refuse a reused key with another payload on the other process", async () => {
    expect(
      (await postLead(a.url, token, { email: "a@example.com", idempotency_key: "pg-reuse" })).status,
    ).toBe(201);
    const reused = await postLead(b.url, token, { email: "b@example.com", idempotency_key: "pg-reuse" });
    expect([reused.status, reused.body.code]).toEqual([422, "idempotency_key_reused"]);
  });

  it("keep accounts apart", async () => {
    const body = {
      email: "i@example.com",
      platform: "crm",
      external_lead_id: "ISO-1",
      idempotency_key: "pg-iso",
    };
    const mine = await postLead(a.url, token, body);
    const theirs = await postLead(b.url, otherToken, body);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(mine.body.id).not.toBe(theirs.body.id);
  });

  it("stop accepting a token revoked with the CLI within seconds, on every process", async () => {
    const revoked = await runCli(["tokens", "revoke", tokenId], env);
    expect(revoked.exitCode, revoked.stderr).toBe(0);
    for (const server of [a, b]) {
      const last = await eventually(
        () => postLead(server.url, token, { email: "r@example.com" }),
        (r) => r.status === 401,
      );
      expect([last.status, last.body.code]).toEqual([401, "token_revoked"]);
    }
    const listing = JSON.parse((await runCli(["tokens", "list", "--account", "acme", "--json"], env)).stdout);
    expect(listing).toEqual([expect.objectContaining({ id: tokenId, revoked_at: expect.any(String) })]);
  });
});
