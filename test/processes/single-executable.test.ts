// The single executable (`bun run build:binary`), run from an empty folder with no repository and no node_modules,
// on PGlite and on PostgreSQL: a lead posted, replayed and handed off; the console's sign-in page and /api/docs served.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildBinary } from "@speed-to-lead/server/build-binary";
import { type FakeAssistant, startFakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { freePort } from "@speed-to-lead/server/testing/postgres-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../harness/child-env.ts";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { runCommand } from "../harness/stl-cli.ts";

const base = mkdtempSync(join(tmpdir(), "stl-binary-"));
let binary: string;
beforeAll(async () => {
  // Built once for the file (about a second: Bun copies its own runtime and appends the bundle).
  ({ outfile: binary } = await buildBinary(join(base, "build", "stl")));
}, 120_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A new empty folder, the only place the executable runs from: no repository above it to lean on. */
const emptyFolder = (name: string) => mkdtempSync(join(base, `${name}-`));

const runBinary = (args: string[], cwd: string, env: Record<string, string>) =>
  runCommand([binary, ...args], cwd, { LOG_LEVEL: "warn", ...env });

/** What every run checks: a lead posted and replayed, the pages served from the embedded assets. */
async function postReplayAndPages(server: ServerProcess, token: string) {
  const request = { token, body: eligibleLead(), headers: { "Idempotency-Key": "binary-1" } };
  const created = await postLead(server.baseUrl, request);
  expect(created.status).toBe(201);
  const replayed = await postLead(server.baseUrl, request);
  expect(replayed.status).toBe(201);
  expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  expect(replayed.body.id).toBe(created.body.id);

  const signIn = await fetch(`${server.baseUrl}/console/sign-in`);
  expect(signIn.status).toBe(200);
  const signInPage = await signIn.text();
  expect(signInPage).toContain('type="password"');
  // The stylesheet under the versioned name the page links to: embedded in the executable.
  const cssPath = /href="(\/console\/assets\/console\.[0-9a-f]+\.css)"/.exec(signInPage)?.[1];
  expect(cssPath).toBeDefined();
  const css = await fetch(`${server.baseUrl}${cssPath}`);
  expect(css.status).toBe(200);
  expect((await css.text()).length).toBeGreaterThan(100);
  const docs = await fetch(`${server.baseUrl}/api/docs`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain("swagger-ui-bundle.js");
  const bundle = await fetch(`${server.baseUrl}/api/docs/assets/swagger-ui-bundle.js`);
  expect(bundle.status).toBe(200);
  expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  const document = await fetch(`${server.baseUrl}/api/openapi.json`);
  expect((await document.json()).openapi).toMatch(/^3\.1/);
  return created.body.id as string;
}

describe("the single executable", () => {
  const servers: ServerProcess[] = [];
  let assistant: FakeAssistant | undefined;
  let database: BackendDatabase | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    await assistant?.stop();
    await database?.remove();
  });

  it("serves on PGlite in ./.data/pglite of an empty folder, prints its demo token, and hands off", async () => {
    const folder = emptyFolder("pglite");
    // A new embedded database runs initdb first: seconds alone, far more on a busy machine.
    const server = await startServerProcess({
      command: { argv: [binary, "serve"], cwd: folder },
      readyTimeoutMs: 90_000,
    });
    servers.push(server);
    await server.waitForLine((line) => line.includes('"msg":"ready"'));
    const output = server.lines.join("\n");
    expect(output).toContain(`"database":"pglite:${folder}/.data/pglite"`);
    const token = /stl_ch_[A-Za-z0-9_-]{43}/.exec(output)![0];
    const id = await postReplayAndPages(server, token);
    // The console assistant prints the hand-off on the server's stdout.
    await server.waitForLine((line) => line.includes('"msg":"handoff"') && line.includes(id));
    // The container's HEALTHCHECK: ready here, and not where nothing listens.
    expect((await runBinary(["probe", "/readyz"], folder, { PORT: String(server.port) })).exitCode).toBe(0);
    expect((await runBinary(["probe"], folder, { PORT: String(await freePort()) })).exitCode).toBe(1);
  }, 120_000);

  it("migrates, creates a token, serves and dispatches (a worker) on PostgreSQL, handing off to the assistant", async () => {
    database = await createBackendDatabase("postgres");
    assistant = startFakeAssistant();
    const env = {
      ...database.env,
      ASSISTANT_WEBHOOK_URL: assistant.url,
      ASSISTANT_WEBHOOK_SECRET: assistant.secret,
    };
    const folder = emptyFolder("postgres");
    const migrated = await runBinary(["migrate"], folder, env);
    expect(migrated.stdout).toMatch(/^Applied 0001_init, /);
    const created = await runBinary(
      ["tokens", "create", "--account", "bin", "--name", "site", "--json"],
      folder,
      env,
    );
    expect(created.exitCode).toBe(0);
    const { token } = JSON.parse(created.stdout) as { token: string };
    const server = await startServerProcess({
      env: { ...env, DISPATCHER: "off" },
      command: { argv: [binary, "serve"], cwd: folder },
    });
    servers.push(server);
    const worker = Bun.spawn([binary, "dispatch"], { cwd: folder, env: childEnv(env), stdout: "ignore" });
    try {
      const id = await postReplayAndPages(server, token);
      await assistant.waitUntil(() => assistant!.acknowledged().size === 1, "the worker's hand-off");
      expect(assistant.deliveries[0]?.payload.data.lead_id).toBe(id);
    } finally {
      worker.kill("SIGTERM");
    }
    expect(await worker.exited).toBe(0);
  });
});
