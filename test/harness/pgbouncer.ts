// PgBouncer (Debian's, 1.18) in front of the test cluster, as self-hosters reach managed PostgreSQL: transaction pooling by default.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, freePort } from "@speed-to-lead/server/testing/postgres-cluster";

export interface PgBouncer {
  port: number;
  /** The URL of `directUrl`'s database through the pooler (same user and database name). */
  pooled(directUrl: string): string;
  /** Kills the pooler and removes its folder. */
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** "transaction" (default): what Supavisor, Neon's pooler and most PgBouncer set-ups run. */
  poolMode?: "transaction" | "session";
  /** Server connections per database and user. */
  poolSize?: number;
  /** Startup parameters dropped rather than refused (silently: the server never gets them). */
  ignoreStartupParameters?: string[];
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** The pgbouncer binary: on PATH, or where Debian puts it; undefined when not installed. */
export function findPgbouncer(): string | undefined {
  const onPath = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  return existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : undefined;
}

function pgbouncerBinary(): string {
  const found = findPgbouncer();
  if (!found) throw new Error("pgbouncer not found: install it (Debian: apt-get install pgbouncer)");
  return found;
}

/**
 * Starts PgBouncer on a free loopback port in front of the cluster behind `adminUrl`. No
 * ignore_startup_parameters: a client that sends lock_timeout or statement_timeout is refused, as
 * Debian's default refuses it. Any database name is passed through to the cluster as its superuser.
 *
 * @example const pooler = await startPgBouncer(inject("postgresAdminUrl")); pooler.pooled(databaseUrl)
 */
export async function startPgBouncer(adminUrl: string, options: PgBouncerOptions = {}): Promise<PgBouncer> {
  const target = new URL(adminUrl);
  const dir = mkdtempSync(join(tmpdir(), "stl-pgbouncer-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const pidFile = join(dir, "pgbouncer.pid");
  const ini = [
    "[databases]",
    `* = host=${target.hostname} port=${target.port} user=${decodeURIComponent(target.username) || "postgres"}${
      target.password ? ` password=${decodeURIComponent(target.password)}` : ""
    }`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = any",
    `pool_mode = ${options.poolMode ?? "transaction"}`,
    `default_pool_size = ${options.poolSize ?? 20}`,
    ...(options.ignoreStartupParameters
      ? [`ignore_startup_parameters = ${options.ignoreStartupParameters.join(",")}`]
      : []),
    "max_client_conn = 500",
    `pidfile = ${pidFile}`,
    `logfile = ${join(dir, "pgbouncer.log")}`,
    "",
  ].join("\n");
  const iniFile = join(dir, "pgbouncer.ini");
  writeFileSync(iniFile, ini);
  chmodSync(iniFile, 0o644);
  // PgBouncer refuses to run as root.
  const command = isRoot ? ["runuser", "-u", "postgres", "--", pgbouncerBinary()] : [pgbouncerBinary()];
  const started = spawnSync(command[0]!, [...command.slice(1), "-d", iniFile], { encoding: "utf8" });
  if (started.status !== 0)
    throw new Error(`pgbouncer failed to start:\n${started.stdout}\n${started.stderr}`);
  await waitForPort(port);
  return {
    port,
    pooled: (directUrl) => pooledUrl(directUrl, port),
    async stop() {
      try {
        const pid = Number(readFileSync(pidFile, "utf8").trim());
        if (pid > 0) process.kill(pid, "SIGINT");
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `directUrl`'s database through the pooler listening on `port`. */
export function pooledUrl(directUrl: string, port: number): string {
  const url = new URL(directUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      const socket = await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } });
      socket.end();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port}: ${error}`);
      await Bun.sleep(20);
    }
  }
}

/** The role defaults a transaction-mode deployment sets once (README, Deploy): the server's own values. */
export const ROLE_TIMEOUTS = { statement_timeout: "8000ms", lock_timeout: "5000ms" };

/**
 * A new database in the cluster behind `adminUrl`, its role defaults set as the README says unless
 * `timeouts` is false: `direct` reaches PostgreSQL, `pooled` the same database through the pooler on `port`.
 *
 * @example const { pooled, direct } = await createPooledDatabase(inject("pgbouncerPort"), inject("postgresAdminUrl"));
 */
export async function createPooledDatabase(
  port: number,
  adminUrl: string,
  timeouts: Record<string, string> | false = ROLE_TIMEOUTS,
): Promise<{ direct: string; pooled: string }> {
  if (!port) pgbouncerBinary(); // the global setup found none: say so
  const direct = await createDatabase(adminUrl, "stl_pooled");
  if (timeouts) {
    const admin = new Bun.SQL(direct, { max: 1 });
    try {
      for (const [name, value] of Object.entries(timeouts))
        await admin.unsafe(
          `alter role current_user in database ${new URL(direct).pathname.slice(1)} set ${name} = '${value}'`,
        );
    } finally {
      await admin.close();
    }
  }
  return { direct, pooled: pooledUrl(direct, port) };
}
