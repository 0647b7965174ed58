// A throwaway PostgreSQL cluster from the installed binaries, and fresh databases inside it for each suite.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface PostgresCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** initdb and pg_ctl: from PATH, else from Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(name: string): string {
  const onPath = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = join(base, version, "bin", name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} not found: install PostgreSQL (Debian: apt-get install postgresql)`);
}

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses to run as root). */
function runAsOwner(binary: string, args: string[]): void {
  const command = isRoot ? "runuser" : binary;
  const commandArgs = isRoot ? ["-u", "postgres", "--", binary, ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${binary} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Starts a cluster in a temp dir on a free loopback port; `stop()` shuts it down and removes it.
 * Settings favour a test machine (fsync off) except where a test checks durability itself; `settings`
 * are more `name=value` server settings (the bench loads pg_stat_statements).
 */
export async function startPostgresCluster(
  options: { fsync?: boolean; settings?: string[] } = {},
): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), "stl-pg-"));
  chmodSync(dir, 0o777);
  if (isRoot) spawnSync("chown", ["postgres", dir]);
  const dataDir = join(dir, "data");
  const port = await freePort();
  runAsOwner(findPostgresBin("initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-locale",
  ]);
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=200",
    `-c fsync=${options.fsync === false ? "off" : "on"}`,
    "-c shared_buffers=128MB",
    ...(options.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(" ");
  runAsOwner(findPostgresBin("pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    join(dir, "log"),
    "-o",
    settings,
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      try {
        runAsOwner(findPostgresBin("pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Creates an empty database in the cluster behind `adminUrl` and returns its URL. */
export async function createDatabase(adminUrl: string, prefix = "stl_test"): Promise<string> {
  const name = `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new Bun.SQL(adminUrl, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
