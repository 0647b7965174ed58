// The server's own command-line tool (`bun run stl …`), the documented way to create and revoke channel tokens.
import { fileURLToPath } from "node:url";
import { childEnv } from "./child-env.ts";

/** import.meta.url, not import.meta.dir: vitest transforms modules and Bun's dir is gone by then. */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ChannelToken {
  id: string;
  token: string;
  account: string;
}

/** The CLI's entry, as `bun run stl` runs it. */
export const CLI_ENTRY = fileURLToPath(new URL("../../server/src/cli/main.ts", import.meta.url));

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `bun run stl <args>` with `env` (the database settings, and any other) and collects its output.
 *
 * @example const { exitCode, stdout } = await runCli(["tokens", "list", "--json"], database.env);
 */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const child = Bun.spawn(["bun", CLI_ENTRY, ...args], {
    cwd: REPOSITORY_ROOT,
    env: childEnv({ LOG_LEVEL: "info", ...env }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, stdout, stderr };
}

async function runStl(args: string[], databaseEnv: Record<string, string>): Promise<string> {
  const { exitCode, stdout, stderr } = await runCli(args, { ...databaseEnv, LOG_LEVEL: "warn" });
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
 * `bun run stl tokens create --account <slug> --name <label> --json` (creates the account when new).
 *
 * @example const { token } = await createChannelToken(database.env, "acme", "website");
 */
export async function createChannelToken(
  databaseEnv: Record<string, string>,
  account: string,
  name: string,
): Promise<ChannelToken> {
  const stdout = await runStl(
    ["tokens", "create", "--account", account, "--name", name, "--json"],
    databaseEnv,
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
  const stdout = await runStl(["tokens", "callback", id, "--url", url, "--json"], databaseEnv);
  const set = lastJsonObject(stdout);
  if (typeof set.callback_secret !== "string")
    throw new Error(`stl tokens callback printed no secret: ${stdout}`);
  return set.callback_secret;
}
