// Database unreachable: 503 unavailable with Retry-After, no crash, and recovery by itself. PostgreSQL only:
// an embedded PGlite lives inside the server process and cannot become unreachable from outside.
import { createLeadClient, UnavailableError } from "@speed-to-lead/sdk";
import { describe, expect, inject, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";

const lead = () => ({ email: `outage-${crypto.randomUUID()}@example.com` });

/** Closes the database to new connections and ends the server's open ones, as an outage would. */
async function setDatabaseReachable(databaseUrl: string, reachable: boolean) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new Bun.SQL(inject("postgresAdminUrl"), { max: 1 });
  try {
    await admin.unsafe(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${reachable}`);
    if (!reachable) {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
    }
  } finally {
    await admin.close();
  }
}

describe("database outage on postgres", () => {
  const server = useLeadServer("postgres", { tokens: { main: "outage" } });

  it("answers 503 unavailable with Retry-After while the database is gone, then recovers by itself", async () => {
    const token = server.tokens.main.token;
    const databaseUrl = server.database.env.DATABASE_URL!;
    expect((await postLead(server.baseUrl, { token, body: lead() })).status).toBe(201);

    await setDatabaseReachable(databaseUrl, false);
    try {
      const during = await postLead(server.baseUrl, { token, body: lead() });
      expect([during.status, during.body.code], during.text).toEqual([503, "unavailable"]);
      const client = createLeadClient({ baseUrl: server.baseUrl, token, maxRetries: 0 });
      const error = await client.postLead(lead()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as UnavailableError).retryAfter).toBeGreaterThanOrEqual(0);
    } finally {
      await setDatabaseReachable(databaseUrl, true);
    }

    // Recovery needs no restart: poll (a liveness wait, not a speed check) until a lead is accepted.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 201; attempt++) {
      status = (await postLead(server.baseUrl, { token, body: lead() })).status;
      if (status !== 201) await Bun.sleep(200);
    }
    expect(status).toBe(201);
    expect(server.processes[0]!.output()).not.toMatch(/uncaught|panic/i);
  }, 60_000);
});
