// Each route answers at its exact path only, and METRICS_PORT moves /metrics off the API's listener.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newPgliteFolder } from "@speed-to-lead/server/testing/fresh-pglite";
import { freePort } from "@speed-to-lead/server/testing/postgres-cluster";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange, rawGet } from "../harness/raw-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";

const status = async (port: number, request: string) => {
  const { responses } = await rawExchange(port, [request]);
  return responses[0]?.status;
};

/** Aliases a normalising router maps onto a real path; none may reach it. */
const ALIASES = (path: string) => [
  `${path}/`,
  `/.${path}`,
  `/%2e${path}`,
  `/%2E${path}`,
  `/x/..${path}`,
  `/x/%2e%2e${path}`,
  path.replace(/\/([^/]*)$/, "/./$1"),
];

const rawPost = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;

describe("exact paths", () => {
  let server: ServerProcess;
  let metricsPort: number;
  let plain: ServerProcess;

  // Copies of the run's migrated PGlite: an in-memory one ran initdb in each server (7 s of CPU apiece).
  const base = mkdtempSync(join(tmpdir(), "stl-exact-paths-"));
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServerProcess({
      databaseEnv: { PGLITE_DIR: newPgliteFolder(join(base, "metrics")) },
      env: { METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" },
    });
    plain = await startServerProcess({ databaseEnv: { PGLITE_DIR: newPgliteFolder(join(base, "plain")) } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await plain?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  it("answers 404 problem+json for every alias of the intake, health and document paths", async () => {
    // Unauthenticated: the exact path gets 401, so a 404 below means the alias never reached the route.
    expect(await status(server.port, rawPost(LEAD_INTAKE_PATH))).toBe(401);
    for (const alias of ALIASES(LEAD_INTAKE_PATH))
      expect([alias, await status(server.port, rawPost(alias))]).toEqual([alias, 404]);
    for (const path of ["/healthz", "/api/openapi.json"]) {
      expect(await status(server.port, rawGet(path))).toBe(200);
      for (const alias of ALIASES(path))
        expect([alias, await status(server.port, rawGet(alias))]).toEqual([alias, 404]);
    }
    const { responses } = await rawExchange(server.port, [rawGet("/%2e/healthz")]);
    expect(responses[0]?.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(responses[0]?.body ?? "{}").code).toBe("not_found");
  });

  it("with METRICS_PORT serves /metrics only there, at its exact path", async () => {
    expect(await status(server.port, rawGet("/metrics"))).toBe(404);
    expect(await status(metricsPort, rawGet("/metrics"))).toBe(200);
    for (const alias of ALIASES("/metrics"))
      expect([alias, await status(metricsPort, rawGet(alias))]).toEqual([alias, 404]);
    expect(await status(metricsPort, rawGet("/healthz"))).toBe(404);
  });

  it("without METRICS_PORT serves /metrics on the API's port, at its exact path only", async () => {
    const { responses } = await rawExchange(plain.port, [rawGet("/metrics")]);
    expect(responses[0]?.status).toBe(200);
    expect(responses[0]?.body).toContain("stl_leads_accepted_total");
    for (const alias of ALIASES("/metrics"))
      expect([alias, await status(plain.port, rawGet(alias))]).toEqual([alias, 404]);
  });

  it("never lets a parameter or wildcard segment climb to another route (/console/%2e%2e/metrics)", async () => {
    // The console's routes take parameters and a catch-all; dot segments inside them are aliases too.
    for (const alias of [
      "/console/../metrics",
      "/console/%2e%2e/metrics",
      "/console/x/../../metrics",
      "/console/assets/%2e%2e/%2e%2e/metrics",
      "/console/link/%2e%2e",
    ]) {
      expect([alias, await status(plain.port, rawGet(alias))]).toEqual([alias, 404]);
    }
    // The catch-all still answers what it owns: an unknown console page is the console's, not a 404 here.
    expect(await status(plain.port, rawGet("/console/no-such-page"))).not.toBe(404);
  });
});
