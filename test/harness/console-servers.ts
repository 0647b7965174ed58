// Real server processes on one migrated PostgreSQL database, and an owner's sign-in link from the CLI: the set-up
// every browser test of the console starts from.

import { type ServerProcess, startServerProcess, untilReady } from "./server-process.ts";
import { runCli } from "./stl-cli.ts";

/**
 * Migrates the database in `env` with `stl migrate`, then starts `count` servers on it and waits until each
 * logged "ready".
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
  const migrated = await runCli(["migrate"], env);
  if (migrated.exitCode !== 0) throw new Error(`stl migrate failed:\n${migrated.stderr}`);
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
 * Creates the owner ana@acme.example of account acme with `stl owners create` and returns the single-use
 * sign-in link it prints, built on `publicUrl` (the address the browser reaches the console at).
 */
export async function ownerSignInLink(env: Record<string, string>, publicUrl: string): Promise<string> {
  const created = await runCli(
    ["owners", "create", "--account", "acme", "--email", "ana@acme.example", "--json"],
    { ...env, PUBLIC_URL: publicUrl },
  );
  if (created.exitCode !== 0) throw new Error(`stl owners create failed:\n${created.stderr}`);
  return JSON.parse(created.stdout).sign_in_link;
}
