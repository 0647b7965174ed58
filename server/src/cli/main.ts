// `bun run stl …`: the server's command-line tool. Same DATABASE_URL / PGLITE_DIR as the server.
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { DirectoryLockedError } from "../db/directory-lock.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/open-database.ts";
import { dispatchCommand } from "../modules/handoff/dispatch-command.ts";
import { ownerCommands } from "../modules/owners/owner-commands.ts";
import { type ParsedArgs, parseArgs, UsageError } from "./args.ts";
import {
  createTokenCommand,
  listTokensCommand,
  type Print,
  renameTokenCommand,
  revokeTokenCommand,
  rollTokenCommand,
} from "./token-commands.ts";

export const USAGE = `Usage: bun run stl <command>

  tokens create --account <slug> --name <label> [--json]
                              create a channel token (and the account when new); shown once
  tokens list [--account <slug>] [--json]
                              list channel tokens (never the tokens themselves)
  tokens revoke <id>          revoke a channel token
  tokens rename <id> --name <label>
                              rename a channel token
  tokens roll <id> --expires-in now|1h|24h|7d
                              a new token now (shown once); the old one works until then
  owners create --account <slug> --email <email> [--json]
                              an account owner (and the account when new); prints a single-use
                              sign-in link, valid 24 h, where the owner sets a password
  owners list [--account <slug>] [--json]
                              list account owners
  owners disable <email|id>   refuse the owner's sign-in and end its sessions
  migrate                     apply pending database migrations
  dispatch                    hand call-eligible leads to the assistant until stopped (a worker
                              process; the server runs one itself unless DISPATCHER=off)

Sign-in links point at PUBLIC_URL (default http://localhost:$PORT).
Uses DATABASE_URL when set, else the embedded database in PGLITE_DIR (default .data/pglite),
which only one process may open at a time: stop the server first.`;

type Command = (db: Database, args: ParsedArgs, print: Print) => Promise<number>;

const owners = ownerCommands({
  publicUrl: () => {
    const config = loadConfig();
    return config.publicUrl ?? `http://localhost:${config.port}`;
  },
});

/** Commands by their words; other features add theirs here (e.g. "dispatch"). */
export const COMMANDS: Record<string, Command> = {
  "tokens create": createTokenCommand,
  "tokens list": listTokensCommand,
  "tokens revoke": revokeTokenCommand,
  "tokens rename": renameTokenCommand,
  "tokens roll": rollTokenCommand,
  "owners create": owners.create,
  "owners list": owners.list,
  "owners disable": owners.disable,
  migrate: async (db, _args, print) => {
    const result = await migrate(db);
    print(result.applied.length ? `Applied ${result.applied.join(", ")}.` : "Nothing to apply: up to date.");
    return 0;
  },
  dispatch: dispatchCommand,
};

function findCommand(positionals: string[]): Command | undefined {
  return COMMANDS[positionals.slice(0, 2).join(" ")] ?? COMMANDS[positionals[0] ?? ""];
}

export async function runCli(argv: string[], print: Print = console.log, printError: Print = console.error) {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    printError(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const command = findCommand(args.positionals);
  if (args.options.help || !command) {
    (command || args.options.help ? print : printError)(USAGE);
    return command || args.options.help ? 0 : 2;
  }
  let db: Database;
  try {
    db = await openDatabase(loadConfig());
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      printError(error.message);
      return 1;
    }
    throw error;
  }
  try {
    if (command !== COMMANDS.migrate) await migrate(db);
    return await command(db, args, print);
  } catch (error) {
    if (error instanceof UsageError) {
      printError(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

if (import.meta.main) process.exit(await runCli(process.argv.slice(2)));
