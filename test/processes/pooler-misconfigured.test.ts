// A server (or the CLI) pointed at a pooler the wrong way exits at once with the fix, instead of retrying forever.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPooledDatabase, type PgBouncer, startPgBouncer } from "../harness/pgbouncer.ts";
import { startServerProcess } from "../harness/server-process.ts";
import { runCli } from "../harness/stl-cli.ts";

const adminUrl = () => inject("postgresAdminUrl");
/** The run's PgBouncer: transaction mode, unknown startup parameters refused (Debian's default). */
const strictPort = () => inject("pgbouncerPort");

describe("misconfigured pooler settings", () => {
  let lenient: PgBouncer;
  let session: PgBouncer;
  beforeAll(async () => {
    [lenient, session] = await Promise.all([
      startPgBouncer(adminUrl(), { ignoreStartupParameters: ["lock_timeout", "statement_timeout"] }),
      startPgBouncer(adminUrl(), { poolMode: "session" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([lenient?.stop(), session?.stop()]);
  });

  const refused = async (env: Record<string, string>) =>
    await startServerProcess({ env, readyTimeoutMs: 20_000 }).then(
      () => "started",
      (error: Error) => error.message,
    );

  it("a pooler that refuses the timeout startup parameters, not declared", async () => {
    const { pooled } = await createPooledDatabase(strictPort(), adminUrl());
    const output = await refused({ DATABASE_URL: pooled });
    expect(output).toMatch(/server exited \(1\)/);
    expect(output).toMatch(
      /"msg":"database misconfigured".*refuses the startup parameter \w+_timeout: set DATABASE_POOLER=transaction/,
    );
    expect(output).not.toContain("retrying migrations");
    // The CLI says the same, in a sentence.
    const cli = await runCli(["tokens", "list"], { DATABASE_URL: pooled });
    expect(cli.exitCode).toBe(1);
    expect(cli.stderr).toMatch(/^Cannot use the database: .*set DATABASE_POOLER=transaction/);
  });

  it("a transaction-mode pooler that drops the parameters (prepared statements would collide), not declared", async () => {
    const { pooled } = await createPooledDatabase(lenient.port, adminUrl());
    const output = await refused({ DATABASE_URL: pooled });
    expect(output).toMatch(/server exited \(1\)/);
    expect(output).toMatch(/reaches a transaction-mode pooler .*set DATABASE_POOLER=transaction/);
  });

  it("a session-mode pooler declared as transaction mode", async () => {
    const { pooled } = await createPooledDatabase(session.port, adminUrl());
    const output = await refused({ DATABASE_URL: pooled, DATABASE_POOLER: "transaction" });
    expect(output).toMatch(/server exited \(1\)/);
    expect(output).toMatch(/session-mode pooler or PostgreSQL itself/);
  });

  it("a declared pooler whose role has no default timeouts", async () => {
    const { pooled } = await createPooledDatabase(strictPort(), adminUrl(), false);
    const output = await refused({
      DATABASE_URL: pooled,
      DATABASE_POOLER: "transaction",
      DATABASE_TIMEOUT_MS: "6000",
    });
    expect(output).toMatch(/server exited \(1\)/);
    expect(output).toMatch(
      /statement_timeout is 0 .*ALTER ROLE \\"postgres\\" IN DATABASE \\"stl_pooled_\w+\\" SET statement_timeout = '6000ms'/,
    );
  });
});
