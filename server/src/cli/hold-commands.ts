// `stl holds add|list|remove`: emergency holds on calls to a state or to area codes, from the command line.
import { addHold, type CallHold, listHolds, removeHold } from "../core/handoff/call-holds.ts";
import type { Database } from "../db/database.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";
import { operator } from "./operator.ts";
import type { Print } from "./token-commands.ts";

function instantOption(args: ParsedArgs, name: string): Date | undefined {
  const value = stringOption(args, name);
  if (value === undefined) return undefined;
  // An instant with its zone, as the spec's date-times: no guessing at a local clock.
  const date = /(Z|[+-]\d{2}:\d{2})$/i.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`--${name} needs an instant with its zone, e.g. 2026-12-01T00:00:00Z`);
  return date;
}

const describeHold = (hold: CallHold) => ({
  ...hold,
  starts_at: new Date(hold.starts_at).toISOString(),
  ends_at: new Date(hold.ends_at).toISOString(),
  created_at: new Date(hold.created_at).toISOString(),
  removed_at: hold.removed_at ? new Date(hold.removed_at).toISOString() : null,
});

const REFUSALS = {
  state_unknown: "No area codes are known for that state: give --area-codes instead.",
  area_code_invalid: "--area-codes needs three-digit US area codes, separated by commas.",
  period_invalid: "--until must be after --from (default: now).",
};

export async function holdsAddCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const state = stringOption(args, "state")?.trim();
  const codes = stringOption(args, "area-codes");
  if (!state === !codes) throw new UsageError("holds add needs --state <XX> or --area-codes <504,985>");
  const endsAt = instantOption(args, "until");
  if (!endsAt) throw new UsageError("holds add needs --until <instant>");
  const reason = stringOption(args, "reason")?.trim();
  if (!reason) throw new UsageError('holds add needs --reason "<why>"');
  const common = {
    startsAt: instantOption(args, "from") ?? new Date(),
    endsAt,
    reason: reason.slice(0, 500),
    createdBy: operator(args),
  };
  const result = await addHold(
    db,
    state ? { ...common, state } : { ...common, areaCodes: codes!.split(",").map((code) => code.trim()) },
  );
  if (!result.ok) throw new UsageError(REFUSALS[result.code]);
  const hold = describeHold(result.hold);
  if (args.options.json) print(JSON.stringify(hold));
  else
    print(
      `Hold ${hold.id}: no calls to ${hold.area_codes.join(" ")} from ${hold.starts_at} until ${hold.ends_at}.`,
    );
  return 0;
}

export async function holdsListCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const holds = (await listHolds(db, args.options.all === true)).map(describeHold);
  if (args.options.json) {
    print(JSON.stringify(holds));
    return 0;
  }
  if (holds.length === 0) print("No holds.");
  for (const hold of holds) {
    // The reason and the operator came from people: JSON-quoted so a control character cannot forge a line.
    const removed = hold.removed_at
      ? ` removed ${hold.removed_at} by ${JSON.stringify(hold.removed_by)}`
      : "";
    print(
      `${hold.id}  ${hold.state ?? "-"}  ${hold.area_codes.join(",")}  ${hold.starts_at} → ${hold.ends_at}  ${JSON.stringify(hold.reason)}  by ${JSON.stringify(hold.created_by)}${removed}`,
    );
  }
  return 0;
}

export async function holdsRemoveCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const id = args.positionals[2];
  if (!id) throw new UsageError("holds remove needs a hold id");
  const removed = await removeHold(db, id, operator(args));
  if (args.options.json) print(JSON.stringify({ id, removed }));
  else
    print(removed ? `Hold ${id} removed: calls resume under the calling rules.` : `No current hold ${id}.`);
  return removed ? 0 : 1;
}
