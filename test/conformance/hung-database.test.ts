// A database that stops answering without closing anything (frozen processes, a silent partition): every
// request still ends, with 503 and Retry-After, and nothing it half-wrote is committed. PostgreSQL only.

import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../harness/child-env.ts";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { REPOSITORY_ROOT } from "../harness/stl-cli.ts";
import { storedLeads } from "../harness/stored-leads.ts";
import { startTcpLink, type TcpLink } from "../harness/tcp-link.ts";

/** Far above the server's deadline (DATABASE_TIMEOUT_MS + 1 s): a request still open then is hung. */
const CLIENT_PATIENCE_MS = 15_000;

/** `bun run stl …` killed after CLIENT_PATIENCE_MS, so a hung CLI fails the test rather than hanging it. */
async function boundedStl(args: string[], databaseUrl: string) {
  const child = Bun.spawn(["bun", "run", "stl", ...args], {
    cwd: REPOSITORY_ROOT,
    env: childEnv({ DATABASE_URL: databaseUrl, DATABASE_TIMEOUT_MS: "1000", LOG_LEVEL: "warn" }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const killer = setTimeout(() => child.kill("SIGKILL"), CLIENT_PATIENCE_MS);
  try {
    const [stderr, exitCode] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    return { exitCode, stderr };
  } finally {
    clearTimeout(killer);
  }
}

describe("hung database on postgres", () => {
  let server: ServerProcess;
  let link: TcpLink;
  let token: string;
  let database: BackendDatabase | undefined;
  let linkedUrl: string;

  beforeAll(async () => {
    database = await createBackendDatabase("postgres");
    token = (await seedToken(database.env, "hung", "e2e")).token;
    link = await startTcpLink(Number(new URL(database.env.DATABASE_URL!).port));
    const linked = new URL(database.env.DATABASE_URL!);
    linked.port = String(link.port);
    linkedUrl = linked.toString();
    server = await startServerProcess({
      databaseEnv: { DATABASE_URL: linkedUrl },
      env: { DATABASE_TIMEOUT_MS: "1000", RATE_LIMIT_PER_SECOND: "0" },
    });
  }, 60_000);

  afterAll(async () => {
    link?.thaw();
    await server?.stop();
    await link?.close();
    await database?.remove();
  });

  /** A post that gives up after CLIENT_PATIENCE_MS: a hung server fails the test instead of hanging it. */
  async function patientPost(body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
    });
    return await expectConformant(response, "postLead");
  }

  it("answers 503 with Retry-After while frozen; a retry after the thaw stores each lead once", async () => {
    expect((await postLead(server.baseUrl, { token, body: { email: "warm@example.com" } })).status).toBe(201);
    const keyed = { email: `keyed-${crypto.randomUUID()}@example.com` };
    const key = { "idempotency-key": crypto.randomUUID() };
    const repeatable = {
      email: "repeat@example.com",
      platform: "crm",
      external_lead_id: crypto.randomUUID(),
    };

    link.freeze();
    try {
      for (const [body, headers] of [
        [keyed, key],
        [repeatable, {}],
      ] as const) {
        const answer = await patientPost(body, headers);
        expect([answer.status, answer.body.code]).toEqual([503, "unavailable"]);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      const ready = await fetch(`${server.baseUrl}/readyz`, {
        signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
      });
      expect(ready.status).toBe(503);
      const cli = await boundedStl(["tokens", "list"], linkedUrl);
      expect([cli.exitCode, cli.stderr]).toEqual([1, expect.stringMatching(/database is unavailable/)]);
    } finally {
      link.thaw();
    }

    // The abandoned transaction must roll back, not commit late: the retry creates the lead (201, not 200).
    let retried = await patientPost(repeatable);
    for (let attempt = 0; attempt < 50 && retried.status === 503; attempt++) {
      await Bun.sleep(200);
      retried = await patientPost(repeatable);
    }
    expect([retried.status, retried.body.created]).toEqual([201, true]);
    // The single-statement insert may have committed after its 503: the same key replays it, never twice.
    expect((await patientPost(keyed, key)).status).toBe(201);
    expect(await storedLeads(database!, "email", keyed.email)).toBe(1);
    expect(await storedLeads(database!, "external_lead_id", repeatable.external_lead_id)).toBe(1);
  }, 90_000);
});
