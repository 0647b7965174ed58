// `stl dnc add|remove|list|import`: an account's do-not-call list from the command line.
import { readFileSync } from "node:fs";
import { findAccountId } from "../core/accounts/token-repository.ts";
import { csvNumbers } from "../core/dnc/csv-rows.ts";
import { type DncChange, listChanges, listNumbers } from "../core/dnc/dnc-repository.ts";
import { parseListedNumber } from "../core/dnc/listed-number.ts";
import { addAllToList, addToList, removeFromList } from "../core/dnc/service.ts";
import type { Database } from "../db/database.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";
import { operator } from "./operator.ts";
import { operatorChange } from "./operator-audit.ts";
import type { Command } from "./token-commands.ts";

async function accountOf(db: Database, args: ParsedArgs, command: string): Promise<string> {
  const slug = stringOption(args, "account");
  if (!slug) throw new UsageError("dnc.needsAccount", { command });
  const id = await findAccountId(db, slug);
  if (!id) throw new UsageError("account.unknown", { slug });
  return id;
}

async function changeFromArgs(db: Database, args: ParsedArgs, command: string): Promise<DncChange> {
  const input = args.positionals[2];
  if (!input) throw new UsageError("dnc.needsPhone", { command });
  const accountId = await accountOf(db, args, command);
  const parsed = parseListedNumber(input);
  if (!parsed.ok)
    throw new UsageError(parsed.code === "phone_not_us" ? "dnc.phoneNotUs" : "dnc.phoneInvalid");
  const note = stringOption(args, "note")?.slice(0, 500) ?? null;
  return { accountId, phone: parsed.e164, via: "cli", actor: operator(args), note };
}

export const dncAddCommand: Command = async (db, args, print, t) => {
  const change = await changeFromArgs(db, args, "dnc add");
  const result = await addToList(db, change);
  if (args.options.json) print(JSON.stringify({ phone: change.phone, ...result }));
  else {
    print(t(result.added ? "dnc.added" : "dnc.alreadyOn", { phone: change.phone }));
    if (result.handoffsCancelled > 0) print(t("dnc.cancelled", { count: result.handoffsCancelled }));
  }
  return 0;
};

export const dncRemoveCommand: Command = async (db, args, print, t) => {
  const change = await changeFromArgs(db, args, "dnc remove");
  const result = await operatorChange(
    db,
    args,
    "dnc.removed",
    (db) => removeFromList(db, change),
    (removed) => (removed.removed ? { accountId: change.accountId, target: change.phone } : undefined),
  );
  if (args.options.json) print(JSON.stringify({ phone: change.phone, ...result }));
  else {
    print(t(result.removed ? "dnc.removed" : "dnc.notOn", { phone: change.phone }));
    if (result.handoffsResumed > 0) print(t("dnc.resumed", { count: result.handoffsResumed }));
  }
  return result.removed ? 0 : 1;
};

const iso = (value: Date) => new Date(value).toISOString();

export const dncListCommand: Command = async (db, args, print, t) => {
  const accountId = await accountOf(db, args, "dnc list");
  if (args.options.history) {
    const changes = await listChanges(db, accountId);
    if (args.options.json) {
      print(JSON.stringify(changes.map((change) => ({ ...change, created_at: iso(change.created_at) }))));
      return 0;
    }
    for (const c of changes) {
      // The actor and note came from people and files: JSON-quoted so a control character cannot forge a line.
      const actor = JSON.stringify(c.actor);
      print(t("dnc.change", { at: iso(c.created_at), action: c.action, phone: c.phone, via: c.via, actor }));
    }
    if (changes.length === 0) print(t("dnc.noChanges"));
    return 0;
  }
  const numbers = await listNumbers(db, accountId);
  if (args.options.json) {
    print(JSON.stringify(numbers.map((number) => ({ phone: number.phone, added_at: iso(number.added_at) }))));
    return 0;
  }
  for (const number of numbers) print(t("dnc.number", { phone: number.phone, at: iso(number.added_at) }));
  if (numbers.length === 0) print(t("dnc.empty"));
  return 0;
};

/**
 * Each bad row is reported by line and reason; the good rows are added in one transaction, so a
 * crash or a lost connection adds none of them. Exit 1 when any row was refused.
 */
export const dncImportCommand: Command = async (db, args, print, t) => {
  const path = args.positionals[2];
  if (!path) throw new UsageError("dnc.import.needsFile");
  const accountId = await accountOf(db, args, "dnc import");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError("dnc.import.unreadable", {
      path,
      code: (error as NodeJS.ErrnoException).code ?? "error",
    });
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
    const { added, handoffsCancelled: cancelled } = result;
    print(t("dnc.import.done", { rows: numbers.length, added, cancelled }));
    for (const row of refused) print(t("dnc.import.refusedLine", { line: row.line, reason: row.reason }));
    if (refused.length > 0) print(t("dnc.import.refusedCount", { count: refused.length }));
  }
  return refused.length > 0 ? 1 : 0;
};
