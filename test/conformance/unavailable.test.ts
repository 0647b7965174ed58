// Database unreachable, at start or later: 503 unavailable with Retry-After, alive but not ready, no crash, and
// recovery by itself. PostgreSQL only: an embedded PGlite lives inside the server process and cannot become
// unreachable from outside.
import { createLeadClient, UnavailableError } from "@speed-to-lead/sdk";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { startTcpLink, type TcpLink } from "../harness/tcp-link.ts";

const lead = () => ({ email: `outage-${crypto.randomUUID()}@example.com` });

const health = async (server: ServerProcess, path: string) =>
  (await fetch(`${server.baseUrl}${path}`)).status;

/** One post during an outage: 503 with a Retry-After; the process is alive (healthz) but not ready (readyz). */
async function expectUnavailable(server: ServerProcess, token: string) {
  const response = await postLead(server.baseUrl, { token, body: lead() });
  expect([response.status, response.body.code]).toEqual([503, "unavailable"]);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await health(server, "/readyz")).toBe(503);
  expect(await health(server, "/healthz")).toBe(200);
}

/** Several posts during the outage: the first may meet a dead pooled connection, later ones reconnect. */
async function statusesDuringOutage(baseUrl: string, token: string, count = 5) {
  const answers: string[] = [];
  for (let sent = 0; sent < count; sent++) {
    const response = await postLead(baseUrl, { token, body: lead() });
    answers.push(`${response.status} ${response.body.code}`);
  }
  return answers;
}

/** Accepted again within `attempts` tries (a liveness wait, not a speed check). */
async function statusOnceRecovered(baseUrl: string, token: string, attempts = 100): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < attempts && status !== 201; attempt++) {
    status = (await postLead(baseUrl, { token, body: lead() })).status;
    if (status !== 201) await Bun.sleep(200);
  }
  return status;
}

interface Outage {
  server: ServerProcess;
  /** The only way from the server to PostgreSQL: the test cuts and restores it. */
  link: TcpLink;
  token: string;
  database: BackendDatabase;
}

/** A fresh database, a token, and a server that reaches the database through a link; `down`: cut before it starts. */
async function serverBehindLink(down: boolean): Promise<Outage> {
  const database = await createBackendDatabase("postgres");
  const token = (await seedToken(database.env, "outage", "e2e")).token;
  const linked = new URL(database.env.DATABASE_URL!);
  const link = await startTcpLink(Number(linked.port));
  if (down) await link.cut();
  linked.port = String(link.port);
  // A server started while the database is down can only reach "listening": migrations wait for it.
  const server = await startServerProcess({
    databaseEnv: { DATABASE_URL: linked.toString() },
    until: down ? "listening" : "ready",
  });
  return { server, link, token, database };
}

/** Registers the outage's hooks; the handle is filled once beforeAll has run. */
function useServerBehindLink(down: boolean): Outage {
  let outage: Outage | undefined;
  beforeAll(async () => {
    outage = await serverBehindLink(down);
  }, 60_000);
  afterAll(async () => {
    await outage?.server.stop();
    await outage?.link.close();
    await outage?.database.remove();
  });
  const filled = () => {
    if (!outage) throw new Error("the outage's server has not started");
    return outage;
  };
  return {
    get server() {
      return filled().server;
    },
    get link() {
      return filled().link;
    },
    get token() {
      return filled().token;
    },
    get database() {
      return filled().database;
    },
  };
}

describe("database outage on postgres", () => {
  const outage = useServerBehindLink(false);

  it("the network to the database fails: 503 unavailable with Retry-After, then recovery by itself", async () => {
    const { server, link, token } = outage;
    expect((await postLead(server.baseUrl, { token, body: lead() })).status).toBe(201);
    await link.cut();
    try {
      expect(await statusesDuringOutage(server.baseUrl, token)).toEqual(Array(5).fill("503 unavailable"));
      await expectUnavailable(server, token);
      const client = createLeadClient({ baseUrl: server.baseUrl, token, maxRetries: 0 });
      const error = await client.postLead(lead()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnavailableError);
    } finally {
      await link.restore();
    }
    expect(await statusOnceRecovered(server.baseUrl, token)).toBe(201);
    expect(await health(server, "/readyz")).toBe(200);
  });

  it("the database refuses connections (shut for maintenance): 503 unavailable, then recovery by itself", async () => {
    const { server, token, database } = outage;
    const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
    const admin = new Bun.SQL(inject("postgresAdminUrl"), { max: 1 });
    try {
      await admin.unsafe(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
      expect(await statusesDuringOutage(server.baseUrl, token)).toEqual(Array(5).fill("503 unavailable"));
    } finally {
      await admin.unsafe(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.close();
    }
    expect(await statusOnceRecovered(server.baseUrl, token)).toBe(201);
    expect(server.output()).not.toMatch(/uncaught|panic/i);
  });
});

describe("a database down when the server starts", () => {
  const outage = useServerBehindLink(true);

  it("is alive, not ready, and answers the intake 503", async () => {
    await expectUnavailable(outage.server, outage.token);
  });

  it("migrates and serves once the database comes up", async () => {
    const { server, link, token } = outage;
    await link.restore();
    await untilReady(server);
    expect(await statusOnceRecovered(server.baseUrl, token)).toBe(201);
  });
});
