// `stl dnc add|remove|list|import`: an account's do-not-call list from the command line.
import { readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { findAccountId } from "../core/accounts/token-repository.ts";
import { csvNumbers } from "../core/dnc/csv-rows.ts";
import { type DncChange, listChanges, listNumbers } from "../core/dnc/dnc-repository.ts";
import { addAllToList, addToList, parseListedNumber, removeFromList } from "../core/dnc/service.ts";
import type { Database } from "../db/database.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";
import type { Print } from "./token-commands.ts";

/** Who ran the command, for the change log: --by, else the operating-system user. */
function operator(args: ParsedArgs): string {
  const by = stringOption(args, "by")?.trim();
  if (by) return by.slice(0, 200);
  try {
    return userInfo().username || "unknown";
  } catch {
    return "unknown";
  }
}

async function accountOf(db: Database, args: ParsedArgs, words: string): Promise<string> {
  const slug = stringOption(args, "account");
  if (!slug) throw new UsageError(`${words} needs --account <slug>`);
  const id = await findAccountId(db, slug);
  if (!id) throw new UsageError(`No account ${slug}.`);
  return id;
}

async function changeFromArgs(db: Database, args: ParsedArgs, words: string): Promise<DncChange> {
  const input = args.positionals[2];
  if (!input) throw new UsageError(`${words} needs a phone number`);
  const accountId = await accountOf(db, args, words);
  const parsed = parseListedNumber(input);
  if (!parsed.ok) {
    throw new UsageError(
      parsed.code === "phone_not_us" ? "Not a US phone number." : "Not a valid phone number.",
    );
  }
  const note = stringOption(args, "note")?.slice(0, 500) ?? null;
  return { accountId, phone: parsed.e164, via: "cli", actor: operator(args), note };
}

export async function dncAddCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const change = await changeFromArgs(db, args, "dnc add");
  const result = await addToList(db, change);
  if (args.options.json) print(JSON.stringify({ phone: change.phone, ...result }));
  else {
    print(`${change.phone} ${result.added ? "is now on" : "was already on"} the do-not-call list.`);
    if (result.handoffsCancelled > 0) print(`Cancelled ${result.handoffsCancelled} pending hand-off(s).`);
  }
  return 0;
}

export async function dncRemoveCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const change = await changeFromArgs(db, args, "dnc remove");
  const result = await removeFromList(db, change);
  if (args.options.json) print(JSON.stringify({ phone: change.phone, ...result }));
  else {
    print(`${change.phone} ${result.removed ? "is no longer on" : "was not on"} the do-not-call list.`);
    if (result.handoffsResumed > 0) {
      print(`Resumed ${result.handoffsResumed} hand-off(s) whose five-minute response had not passed.`);
    }
  }
  return result.removed ? 0 : 1;
}

const iso = (value: Date) => new Date(value).toISOString();

export async function dncListCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const accountId = await accountOf(db, args, "dnc list");
  if (args.options.history) {
    const changes = await listChanges(db, accountId);
    if (args.options.json) {
      print(JSON.stringify(changes.map((change) => ({ ...change, created_at: iso(change.created_at) }))));
      return 0;
    }
    for (const c of changes) {
      // The actor and note came from people and files: JSON-quoted so a control character cannot forge a line.
      print(`${iso(c.created_at)}  ${c.action}  ${c.phone}  via ${c.via}  by ${JSON.stringify(c.actor)}`);
    }
    if (changes.length === 0) print("No changes.");
    return 0;
  }
  const numbers = await listNumbers(db, accountId);
  if (args.options.json) {
    print(JSON.stringify(numbers.map((number) => ({ phone: number.phone, added_at: iso(number.added_at) }))));
    return 0;
  }
  for (const number of numbers) print(`${number.phone}  added ${iso(number.added_at)}`);
  if (numbers.length === 0) print("The do-not-call list is empty.");
  return 0;
}

/**
 * Each bad row is reported by line and reason; the good rows are added in one transaction, so a
 * crash or a lost connection adds none of them. Exit 1 when any row was refused.
 */
export async function dncImportCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const path = args.positionals[2];
  if (!path) throw new UsageError("dnc import needs a CSV file");
  const accountId = await accountOf(db, args, "dnc import");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
  const { numbers, refused } = csvNumbers(text);
  const actor = operator(args);
  const result = await addAllToList(
    db,
    { accountId, via: "cli", actor },
    numbers.map((row) => ({ phone: row.e164, note: row.note })),
  );
  if (args.options.json) {
    // By line and reason only: a refused cell may hold anything, and this goes to a terminal.
    const lines = refused.map(({ line, reason }) => ({ line, reason }));
    print(JSON.stringify({ imported: numbers.length, ...result, refused: lines }));
  } else {
    print(
      `Imported ${numbers.length} row(s): ${result.added} new number(s) on the list; ${result.handoffsCancelled} pending hand-off(s) cancelled.`,
    );
    for (const row of refused) print(`line ${row.line}: refused (${row.reason})`);
    if (refused.length > 0) print(`${refused.length} row(s) refused; the others were kept.`);
  }
  return refused.length > 0 ? 1 : 0;
}
