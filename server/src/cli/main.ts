// `bun run stl …`: the server's command-line tool. Same DATABASE_URL / PGLITE_DIR as the server.
import { COMMAND_NAME } from "../command-name.ts";
import { loadConfig } from "../config.ts";
import { type Database, DatabaseMisconfiguredError, DatabaseUnavailableError } from "../db/database.ts";
import { DirectoryLockedError } from "../db/directory-lock.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/open-database.ts";
import { runWorker } from "../main.ts";
import { type ParsedArgs, parseArgs, UsageError } from "./args.ts";
import { dncAddCommand, dncImportCommand, dncListCommand, dncRemoveCommand } from "./dnc-commands.ts";
import { ownerCommands } from "./owner-commands.ts";
import { terminalText } from "./terminal-text.ts";
import {
  createTokenCommand,
  listTokensCommand,
  type Print,
  renameTokenCommand,
  revokeTokenCommand,
  rollTokenCommand,
  tokenCallbackCommand,
} from "./token-commands.ts";

export const USAGE = `Usage: ${COMMAND_NAME} <command>

  tokens create --account <slug> --name <label> [--scope intake|read] [--json]
                              create a channel token (and the account when new); shown once.
                              intake (stl_pk_…) only posts leads: the one for web pages;
                              read (stl_ch_…, the default) may also read them: servers only
  tokens list [--account <slug>] [--json]
                              list channel tokens (never the tokens themselves)
  tokens revoke <id>          revoke a channel token
  tokens rename <id> --name <label>
                              rename a channel token
  tokens roll <id> --expires-in now|1h|24h|7d
                              a new token now (shown once); the old one works until then
  tokens callback <id> (--url <https://…> | --clear) [--json]
                              send that token's status callbacks (lead.handed_off, lead.missed,
                              lead.not_called) to the URL; prints the new signing secret once
  owners create --account <slug> --email <email> [--json]
                              an account owner (and the account when new); prints a single-use
                              sign-in link, valid 24 h, where the owner sets a password
  owners link --email <email> [--json]
                              a fresh single-use sign-in link (24 h) for an existing owner: the way
                              in from a new browser, also while the email is locked out
  owners list [--account <slug>] [--json]
                              list account owners
  owners disable <email|id>   refuse the owner's sign-in and end its sessions
  dnc add <phone> --account <slug> [--note <text>] [--by <name>] [--json]
                              put a number on the account's do-not-call list (any US format);
                              its pending hand-offs are cancelled at once
  dnc remove <phone> --account <slug> [--by <name>] [--json]
                              take it off; held-back leads whose five-minute response has not
                              passed are handed off again
  dnc list --account <slug> [--history] [--json]
                              the numbers on the list, or every change with how and by whom
  dnc import <file.csv> --account <slug> [--by <name>] [--json]
                              add a column "phone" (and optional "note") in one transaction; each
                              bad row is reported by line, the others are kept; exit 1 if any refused
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
const COMMANDS: Record<string, Command> = {
  "tokens create": createTokenCommand,
  "tokens list": listTokensCommand,
  "tokens revoke": revokeTokenCommand,
  "tokens rename": renameTokenCommand,
  "tokens roll": rollTokenCommand,
  "tokens callback": tokenCallbackCommand,
  "owners create": owners.create,
  "owners link": owners.link,
  "owners list": owners.list,
  "owners disable": owners.disable,
  "dnc add": dncAddCommand,
  "dnc remove": dncRemoveCommand,
  "dnc list": dncListCommand,
  "dnc import": dncImportCommand,
  migrate: async (db, _args, print) => {
    const result = await migrate(db);
    print(result.applied.length ? `Applied ${result.applied.join(", ")}.` : "Nothing to apply: up to date.");
    return 0;
  },
  // On the embedded database the server's own dispatcher does the work: PGlite admits one process.
  dispatch: (db, _args, print) => runWorker(loadConfig(), db, print),
};

function findCommand(positionals: string[]): Command | undefined {
  return COMMANDS[positionals.slice(0, 2).join(" ")] ?? COMMANDS[positionals[0] ?? ""];
}

export async function runCli(argv: string[], print: Print = console.log, printError: Print = console.error) {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv, new Set(["json", "help", "history", "clear"]));
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
    // Every line a command prints may hold stored text (a token's name): never raw control characters.
    return await command(db, args, (line) => print(terminalText(line)));
  } catch (error) {
    if (error instanceof UsageError) {
      printError(`${terminalText(error.message)}\n\n${USAGE}`);
      return 2;
    }
    // Unreachable, refusing or too slow (DATABASE_TIMEOUT_MS): a plain message, not a stack trace.
    if (error instanceof DatabaseMisconfiguredError) {
      printError(`Cannot use the database: ${error.message}`);
      return 1;
    }
    if (error instanceof DatabaseUnavailableError) {
      printError(`The database is unavailable: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

if (import.meta.main) process.exit(await runCli(process.argv.slice(2)));
