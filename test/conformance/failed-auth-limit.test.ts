// Unknown tokens cannot force unlimited database lookups: failed authentications are limited per client address.

import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { createChannelToken } from "../harness/stl-cli.ts";

/** Shaped like an issued token (prefix and length), so only a database lookup can tell it is unknown. */
const unknownToken = () =>
  `stl_ch_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url")}`;
const LIMIT = 5;
const settings = { FAILED_AUTH_PER_MINUTE: String(LIMIT), RATE_LIMIT_PER_SECOND: "0" };
const lead = () => ({ email: `limit-${crypto.randomUUID()}@example.com` });

describe("failed authentications per client address", () => {
  let database: BackendDatabase;
  let direct: ServerProcess;
  let proxied: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createBackendDatabase("postgres");
    token = (await seedToken(database.env, "limits", "e2e")).token;
    direct = await startServerProcess({ databaseEnv: database.env, env: settings });
    proxied = await startServerProcess({
      databaseEnv: database.env,
      env: { ...settings, TRUST_PROXY: "true" },
    });
  }, 60_000);
  afterAll(async () => {
    await direct?.stop();
    await proxied?.stop();
    await database?.remove();
  });

  const post = (server: ServerProcess, as: string, headers: Record<string, string> = {}) =>
    postLead(server.baseUrl, { token: as, body: lead(), headers });

  async function exhaust(server: ServerProcess, headers: Record<string, string> = {}) {
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect((await post(server, unknownToken(), headers)).body.code).toBe("token_invalid");
    }
  }

  it("answers 429 with Retry-After beyond the limit; a token already in use keeps working", async () => {
    expect((await post(direct, token)).status).toBe(201);
    await exhaust(direct);
    const limited = await post(direct, unknownToken());
    expect([limited.status, limited.body.code]).toEqual([429, "too_many_failed_authentications"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Without TRUST_PROXY the header is the client's own say: it changes nothing.
    expect((await post(direct, unknownToken(), { "x-forwarded-for": "198.51.100.9" })).status).toBe(429);
    expect((await post(direct, token)).status).toBe(201);
  });

  it("with TRUST_PROXY counts the address the proxy appended, and a new token works at once elsewhere", async () => {
    await exhaust(proxied, { "x-forwarded-for": "203.0.113.1" });
    expect((await post(proxied, unknownToken(), { "x-forwarded-for": "203.0.113.1" })).status).toBe(429);
    // Entries before the proxy's own are the client's to invent: they do not open a new bucket.
    const spoofed = { "x-forwarded-for": "192.0.2.44, 203.0.113.1" };
    expect((await post(proxied, unknownToken(), spoofed)).status).toBe(429);
    expect((await post(proxied, unknownToken(), { "x-forwarded-for": "203.0.113.2" })).status).toBe(401);

    const fresh = await createChannelToken(database.env, "limits", "created later");
    expect((await post(proxied, fresh.token, { "x-forwarded-for": "203.0.113.3" })).status).toBe(201);
  });
});
