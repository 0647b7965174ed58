// Two real server processes on one PostgreSQL database: what the shared concurrency suite (conformance/scale-out)
// does not cover: the CLI against both, a key held by another transaction, a reused key, revocation everywhere.

import { eventually } from "@speed-to-lead/server/testing/eventually";
import { completeConsent } from "@speed-to-lead/server/testing/intake-requests";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import type {} from "@speed-to-lead/tests/harness/global-setup";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { schemaErrors } from "../harness/spec-ajv.ts";
import { runCli } from "../harness/stl-cli.ts";

let env: { DATABASE_URL: string };
let sql: InstanceType<typeof Bun.SQL>;
let a: ServerProcess;
let b: ServerProcess;
let token: string;
let tokenId: string;

beforeAll(async () => {
  env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")) };
  const migrated = await runCli(["migrate"], env);
  expect(migrated.stdout).toContain("Applied 0001_init");
  ({ token, id: tokenId } = await seedToken(env, "acme", "integration"));
  [a, b] = await Promise.all([
    startServerProcess({ env, until: "listening" }),
    startServerProcess({ env, until: "listening" }),
  ]);
  await Promise.all([untilReady(a), untilReady(b)]);
  sql = new Bun.SQL(env.DATABASE_URL, { max: 1 });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sql?.close();
});

const count = async (query: string, ...params: unknown[]) => Number((await sql.unsafe(query, params))[0].n);
const serverFor = (i: number) => (i % 2 === 0 ? a : b);
/** Posts a lead to one server with the shared token and expects it created. */
const expectCreated = async (server: ServerProcess, body: Record<string, unknown>) => {
  const response = await postLead(server.baseUrl, { token, body });
  expect(response.status, response.text).toBe(201);
};

describe("two servers on one PostgreSQL", () => {
  it("accept leads with the same contract as on PGlite, and print no demo token", async () => {
    const response = await postLead(a.baseUrl, {
      token: token,
      body: { phone: "4155552671", consent: completeConsent() },
    });
    expect(response.status).toBe(201);
    expect(schemaErrors("LeadAccepted", response.body)).toEqual([]);
    expect(await count("select count(*) as n from response_tasks where lead_id = $1", response.body.id)).toBe(
      1,
    );
    expect(a.lines.join("\n")).not.toContain("stl_ch_");
  });

  it("create one lead for concurrent requests with one key and one external id", async () => {
    const body = {
      email: "k@example.com",
      platform: "crm",
      external_lead_id: "KX-1",
      idempotency_key: "pg-key-ext",
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postLead(serverFor(i).baseUrl, { token, body })),
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
      // As a repeat's transaction claims a key (lead-store.ts claimIdempotencyKey): the lock, then its row.
      await tx`select idempotency_key_free(${accountId}, 'pg-held')`;
      await tx`insert into idempotency_keys (account_id, key, fingerprint, created_at) values (${accountId}, 'pg-held', 'x', now())`;
      claimed();
      await held;
      throw new Error("roll back");
    });
    await isClaimed;
    const response = await postLead(a.baseUrl, {
      token: token,
      body: { email: "held@example.com", idempotency_key: "pg-held" },
    });
    release();
    await transaction.catch(() => {});
    await holder.close();
    expect([response.status, response.body.code]).toEqual([409, "idempotency_request_in_flight"]);
    expect(response.headers.get("retry-after")).toBe("1");
    // The holder rolled back: the key is free and the retry creates the lead.
    await expectCreated(a, { email: "held@example.com", idempotency_key: "pg-held" });
  });

  it("refuse a reused key with another payload on the other process", async () => {
    await expectCreated(a, { email: "a@example.com", idempotency_key: "pg-reuse" });
    const reused = await postLead(b.baseUrl, {
      token: token,
      body: { email: "b@example.com", idempotency_key: "pg-reuse" },
    });
    expect([reused.status, reused.body.code]).toEqual([422, "idempotency_key_reused"]);
  });

  it("stop accepting a token revoked with the CLI within seconds, on every process", async () => {
    const revoked = await runCli(["tokens", "revoke", tokenId], env);
    expect(revoked.exitCode, revoked.stderr).toBe(0);
    for (const server of [a, b]) {
      const last = await eventually(
        () => postLead(server.baseUrl, { token, body: { email: "r@example.com" } }),
        (r) => r.status === 401,
      );
      expect([last.status, last.body.code]).toEqual([401, "token_revoked"]);
    }
    const listing = JSON.parse((await runCli(["tokens", "list", "--account", "acme", "--json"], env)).stdout);
    expect(listing).toEqual([expect.objectContaining({ id: tokenId, revoked_at: expect.any(String) })]);
  });
});
