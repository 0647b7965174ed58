// Real server processes on one migrated database, and an owner's sign-in link: the set-up every browser test of the
// console starts from. The migration and the link are made in this process with the server's own code, as `stl
// migrate` and `stl owners create` make them (the CLI as a process has its own tests: each process cost half a
// second of CPU, two per browser test).

import { loadConfig } from "@speed-to-lead/server/config";
import { createOwnerSignIn } from "@speed-to-lead/server/core/accounts/owner-access";
import type { Database } from "@speed-to-lead/server/db/database";
import { migrate } from "@speed-to-lead/server/db/migrate";
import { openDatabase } from "@speed-to-lead/server/db/open-database";
import { type ServerProcess, startServerProcess, untilReady } from "./server-process.ts";

/** Runs `use` on the database in `env` (DATABASE_URL or PGLITE_DIR), opened here and closed again (PGlite admits one process). */
async function onDatabase<T>(env: Record<string, string>, use: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadConfig(env), "command");
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/**
 * Migrates the database in `env`, then starts `count` servers on it and waits until each logged "ready".
 *
 * @example const [a, b] = await startMigratedServers(env, 2);
 */
export async function startMigratedServers(env: Record<string, string>, count: 1): Promise<[ServerProcess]>;
export async function startMigratedServers(
  env: Record<string, string>,
  count: 2,
): Promise<[ServerProcess, ServerProcess]>;
export async function startMigratedServers(
  env: Record<string, string>,
  count: number,
): Promise<ServerProcess[]> {
  await onDatabase(env, migrate);
  const servers = await Promise.all(
    Array.from({ length: count }, () => startServerProcess({ env, until: "listening" })),
  );
  await Promise.all(servers.map(untilReady));
  return servers;
}

/**
 * The settings of servers handing off to a fake assistant (which signs its events with the same secret), where a
 * failed hand-off waits for the owner's "hand off again" rather than an automatic retry.
 */
export const assistantAwaitingOwnerEnv = (assistant: { url: string; secret: string }) => ({
  ASSISTANT_WEBHOOK_URL: assistant.url,
  ASSISTANT_WEBHOOK_SECRET: assistant.secret,
  DISPATCHER_RETRY_BASE_MS: "600000",
  DISPATCHER_RETRY_MAX_MS: "600000",
});

/**
 * Creates the owner ana@acme.example of account acme (as `stl owners create` does) and returns the single-use
 * sign-in link, built on `publicUrl` (the address the browser reaches the console at).
 */
export async function ownerSignInLink(env: Record<string, string>, publicUrl: string): Promise<string> {
  const { link } = await onDatabase(env, (db) =>
    createOwnerSignIn(db, "acme", "ana@acme.example", publicUrl),
  );
  return link;
}
