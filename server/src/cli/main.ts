// `bun run stl …`: the server's command-line tool. Same DATABASE_URL / PGLITE_DIR as the server.
import { COMMAND_NAME } from "../command-name.ts";
import { loadConfig } from "../config.ts";
import { type Database, DatabaseMisconfiguredError, DatabaseUnavailableError } from "../db/database.ts";
import { DirectoryLockedError } from "../db/directory-lock.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/open-database.ts";
import {
  accountsCooldownCommand,
  accountsEvidenceCommand,
  accountsLocationsCommand,
} from "./account-commands.ts";
import { parseArgs, UsageError } from "./args.ts";
import { cliLanguage } from "./cli-language.ts";
import { dncAddCommand, dncImportCommand, dncListCommand, dncRemoveCommand } from "./dnc-commands.ts";
import {
  accountsTrustedformCommand,
  evidenceKeysListCommand,
  evidenceKeysRotateCommand,
  evidenceVerifyCommand,
  type OfflineCommand,
} from "./evidence-commands.ts";
import { holdsAddCommand, holdsListCommand, holdsRemoveCommand } from "./hold-commands.ts";
import { ownerCommands } from "./owner-commands.ts";
import { terminalText } from "./terminal-text.ts";
import { cliTranslator } from "./text/cli-dictionary.ts";
import {
  type Command,
  createTokenCommand,
  listTokensCommand,
  type Print,
  renameTokenCommand,
  revokeTokenCommand,
  rollTokenCommand,
  tokenCallbackCommand,
} from "./token-commands.ts";
import { tokenGuardCommand, tokenReadsCommand } from "./token-guard-commands.ts";

const owners = ownerCommands({
  publicUrl: (config) => config.publicUrl ?? `http://localhost:${config.port}`,
});

/** Commands by their words; other features add theirs here (e.g. "dispatch"). */
const COMMANDS: Record<string, Command> = {
  "tokens create": createTokenCommand,
  "tokens list": listTokensCommand,
  "tokens revoke": revokeTokenCommand,
  "tokens rename": renameTokenCommand,
  "tokens roll": rollTokenCommand,
  "tokens callback": tokenCallbackCommand,
  "tokens guard": tokenGuardCommand,
  "tokens reads": tokenReadsCommand,
  "owners create": owners.create,
  "owners link": owners.link,
  "owners list": owners.list,
  "owners disable": owners.disable,
  "owners reset-2fa": owners["reset-2fa"],
  "dnc add": dncAddCommand,
  "dnc remove": dncRemoveCommand,
  "dnc list": dncListCommand,
  "dnc import": dncImportCommand,
  "accounts evidence": accountsEvidenceCommand,
  "accounts trustedform": accountsTrustedformCommand,
  "accounts cooldown": accountsCooldownCommand,
  "accounts locations": accountsLocationsCommand,
  "holds add": holdsAddCommand,
  "holds list": holdsListCommand,
  "holds remove": holdsRemoveCommand,
  "evidence keys": async (db, args, print, t, config) => {
    const action = { rotate: evidenceKeysRotateCommand, list: evidenceKeysListCommand }[
      args.positionals[2] ?? ""
    ];
    if (!action) throw new UsageError("evidence.keys.needsAction");
    return action(db, args, print, t, config);
  },
  migrate: async (db, _args, print, t) => {
    const result = await migrate(db);
    print(
      result.applied.length
        ? t("migrate.applied", { names: result.applied.join(", ") })
        : t("migrate.upToDate"),
    );
    return 0;
  },
  // On the embedded database the server's own dispatcher does the work: PGlite admits one process.
  // The process's code (the whole server) is loaded only here: it was a fifth of every other command's start.
  dispatch: async (db, _args, print, _t, config) => (await import("../main.ts")).runWorker(config, db, print),
};

/** Commands that open no database. */
const OFFLINE_COMMANDS: Record<string, OfflineCommand> = { "evidence verify": evidenceVerifyCommand };

function findCommand(positionals: string[]): Command | undefined {
  return COMMANDS[positionals.slice(0, 2).join(" ")] ?? COMMANDS[positionals[0] ?? ""];
}

/** Where a run reads its settings and finds its database: the process's own, or a test's (in this process). */
export interface CliContext {
  /** The settings (STL_LANG, LANG, DATABASE_URL, PGLITE_DIR, PUBLIC_URL…); process.env when absent. */
  env?: Record<string, string | undefined>;
  /** An open database the command runs on (migrated first, left open); the configured one when absent. */
  database?: Database;
}

export async function runCli(
  argv: string[],
  print: Print = console.log,
  printError: Print = console.error,
  context: CliContext = {},
) {
  const env = context.env ?? process.env;
  const language = cliLanguage(argv, env);
  const t = cliTranslator(language.lang);
  const usage = t("usage", { command: COMMAND_NAME });
  // A mistake in how the command was called: its text, then the usage; exit code 2.
  const refuse = (error: UsageError) => {
    printError(`${terminalText(t(error.key, error.params))}\n\n${usage}`);
    return 2;
  };
  if (language.invalid) return refuse(new UsageError("args.langInvalid"));
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv, new Set(["json", "help", "history", "clear", "all", "holiday"]));
  } catch (error) {
    if (error instanceof UsageError) return refuse(error);
    throw error;
  }
  const offline = OFFLINE_COMMANDS[args.positionals.slice(0, 2).join(" ")];
  if (offline && !args.options.help) {
    try {
      return await offline(
        args,
        (line) => print(terminalText(line)),
        (line) => printError(terminalText(line)),
        t,
        env,
      );
    } catch (error) {
      if (error instanceof UsageError) return refuse(error);
      throw error;
    }
  }
  const command = findCommand(args.positionals);
  if (args.options.help || !command) {
    (command || args.options.help ? print : printError)(usage);
    return command || args.options.help ? 0 : 2;
  }
  const config = loadConfig(env);
  let db: Database;
  try {
    db = context.database ?? (await openDatabase(config, "command"));
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      printError(t("db.locked", { dir: error.dir, pid: error.holder ? ` (pid ${error.holder})` : "" }));
      return 1;
    }
    throw error;
  }
  try {
    if (command !== COMMANDS.migrate) await migrate(db);
    // Every line a command prints may hold stored text (a token's name): never raw control characters.
    return await command(db, args, (line) => print(terminalText(line)), t, config);
  } catch (error) {
    if (error instanceof UsageError) return refuse(error);
    // Unreachable, refusing or too slow (DATABASE_TIMEOUT_MS): a plain message, not a stack trace.
    if (error instanceof DatabaseMisconfiguredError) {
      printError(t("db.misconfigured", { detail: error.message }));
      return 1;
    }
    if (error instanceof DatabaseUnavailableError) {
      printError(t("db.unavailable", { detail: error.message }));
      return 1;
    }
    throw error;
  } finally {
    if (db !== context.database) await db.close();
  }
}

if (import.meta.main) process.exit(await runCli(process.argv.slice(2)));
