// PostgreSQL going away and coming back, through a TCP proxy the test cuts: 503, no crash, recovery.
import type {} from "@speed-to-lead/tests/harness/global-setup";
import { createDatabase } from "@speed-to-lead/tests/harness/postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eventually, postLead } from "../testing/lead-http.ts";
import { cliCreateToken, type ServerProcess, startServer, untilReady } from "../testing/server-process.ts";
import { startTcpProxy, type TcpProxy } from "../testing/tcp-proxy.ts";

let proxy: TcpProxy;
let server: ServerProcess;
let token: string;

beforeAll(async () => {
  const direct = new URL(await createDatabase(inject("postgresAdminUrl")));
  ({ token } = await cliCreateToken("outage", { DATABASE_URL: direct.toString() }));
  proxy = await startTcpProxy(direct.hostname, Number(direct.port), false);
  const viaProxy = new URL(direct);
  viaProxy.port = String(proxy.port);
  server = await startServer({ DATABASE_URL: viaProxy.toString() });
});
afterAll(async () => {
  await server?.stop("SIGKILL");
  await proxy?.close();
});

const lead = { email: "o@example.com" };
const health = async (path: string) => (await fetch(`${server.url}${path}`)).status;

async function expectUnavailable() {
  const response = await postLead(server.url, token, lead);
  expect([response.status, response.body.code]).toEqual([503, "unavailable"]);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await health("/readyz")).toBe(503);
  expect(await health("/healthz")).toBe(200);
}

describe("database outages", () => {
  it("starts while the database is down: alive, not ready, intake 503", async () => {
    await expectUnavailable();
  });

  it("migrates and serves once the database comes up", async () => {
    await proxy.restore();
    await untilReady(server);
    const response = await eventually(
      () => postLead(server.url, token, lead),
      (r) => r.status === 201,
    );
    expect(response.status).toBe(201);
  });

  it("answers 503 while the database is unreachable and recovers by itself", async () => {
    await proxy.cut();
    await expectUnavailable();
    await expectUnavailable();
    await proxy.restore();
    const response = await eventually(
      () => postLead(server.url, token, lead),
      (r) => r.status === 201,
    );
    expect(response.status).toBe(201);
    expect(await health("/readyz")).toBe(200);
  });
});
