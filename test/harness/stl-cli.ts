// The server's own command-line tool (`bun run stl …`), the documented way to create and revoke channel tokens.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ChannelToken } from "@speed-to-lead/server/testing/seed-tokens";
import { childEnv } from "./child-env.ts";

/** import.meta.url, not import.meta.dir: vitest transforms modules and Bun's dir is gone by then. */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../..", import.meta.url));

// The token type the in-process seeding makes too; re-exported for the tests that took it from here.
export type { ChannelToken };

/** The CLI's entry in a checkout, as `bun run stl` runs it. */
const cliEntry = (repository: string) => join(repository, "server/src/cli/main.ts");
export const CLI_ENTRY = cliEntry(REPOSITORY_ROOT);

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `bun run stl <args>` with `env` (the database settings, and any other) and collects its output;
 * `repository` is another checkout of this repository whose CLI runs instead (the bench compares one).
 *
 * @example const { exitCode, stdout } = await runCli(["tokens", "list", "--json"], database.env);
 */
export async function runCli(
  args: string[],
  env: Record<string, string>,
  repository = REPOSITORY_ROOT,
): Promise<CliResult> {
  return await runCommand(["bun", cliEntry(repository), ...args], repository, { LOG_LEVEL: "info", ...env });
}

/** Runs a command to its end in `cwd` with the test environment plus `env`: its exit code and both outputs. */
export async function runCommand(
  argv: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<CliResult> {
  const child = Bun.spawn(argv, { cwd, env: childEnv(env), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, stdout, stderr };
}

async function runStl(
  args: string[],
  databaseEnv: Record<string, string>,
  repository = REPOSITORY_ROOT,
): Promise<string> {
  const { exitCode, stdout, stderr } = await runCli(args, { ...databaseEnv, LOG_LEVEL: "warn" }, repository);
  if (exitCode !== 0)
    throw new Error(`bun run stl ${args.join(" ")} exited ${exitCode}:\n${stdout}\n${stderr}`);
  return stdout;
}

/** The last line of stdout that is a JSON object: `bun run` may print other lines around it. */
function lastJsonObject(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split("\n").reverse();
  for (const line of lines) {
    if (!line.trim().startsWith("{")) continue;
    try {
      return JSON.parse(line);
    } catch {}
  }
  return JSON.parse(stdout);
}

/**
 * `bun run stl tokens create --account <slug> --name <label> [--scope <scope>] --json` (creates the account
 * when new); without a scope the CLI's default (read).
 *
 * @example const { token } = await createChannelToken(database.env, "acme", "website", undefined, "intake");
 */
export async function createChannelToken(
  databaseEnv: Record<string, string>,
  account: string,
  name: string,
  repository = REPOSITORY_ROOT,
  scope?: "intake" | "read",
): Promise<ChannelToken> {
  const stdout = await runStl(
    [
      "tokens",
      "create",
      "--account",
      account,
      "--name",
      name,
      ...(scope ? ["--scope", scope] : []),
      "--json",
    ],
    databaseEnv,
    repository,
  );
  const created = lastJsonObject(stdout);
  if (typeof created.id !== "string" && typeof created.id !== "number") {
    throw new Error(`stl tokens create printed no id: ${stdout}`);
  }
  if (typeof created.token !== "string") throw new Error(`stl tokens create printed no token: ${stdout}`);
  return { id: String(created.id), token: created.token, account };
}

/** `bun run stl tokens revoke <id>`. */
export async function revokeChannelToken(databaseEnv: Record<string, string>, id: string): Promise<void> {
  await runStl(["tokens", "revoke", id], databaseEnv);
}

/** `bun run stl tokens roll <id> --expires-in now`: the token is replaced and refused from now on. */
export async function expireChannelToken(databaseEnv: Record<string, string>, id: string): Promise<void> {
  await runStl(["tokens", "roll", id, "--expires-in", "now"], databaseEnv);
}

/**
 * `bun run stl tokens callback <id> --url <url> --json`: returns the signing secret, shown once.
 *
 * @example const secret = await setTokenCallback(database.env, token.id, "http://127.0.0.1:4000/hook");
 */
export async function setTokenCallback(
  databaseEnv: Record<string, string>,
  id: string,
  url: string,
): Promise<string> {
  // Test receivers listen on loopback.
  const stdout = await runStl(["tokens", "callback", id, "--url", url, "--json"], {
    ...databaseEnv,
    CALLBACK_ALLOW_PRIVATE: "true",
  });
  const set = lastJsonObject(stdout);
  if (typeof set.callback_secret !== "string")
    throw new Error(`stl tokens callback printed no secret: ${stdout}`);
  return set.callback_secret;
}
