// `stl holds add|list|remove`: emergency and holiday holds on calls to a state or to area codes, from the command line.
import { addHold, type CallHold, listHolds, removeHold } from "../core/handoff/call-holds.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";
import { operator } from "./operator.ts";
import type { Command } from "./token-commands.ts";

function instantOption(args: ParsedArgs, name: string): Date | undefined {
  const value = stringOption(args, name);
  if (value === undefined) return undefined;
  // An instant with its zone, as the spec's date-times: no guessing at a local clock.
  const date = /(Z|[+-]\d{2}:\d{2})$/i.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new UsageError("holds.instantInvalid", { name });
  return date;
}

const describeHold = (hold: CallHold) => ({
  ...hold,
  starts_at: new Date(hold.starts_at).toISOString(),
  ends_at: new Date(hold.ends_at).toISOString(),
  created_at: new Date(hold.created_at).toISOString(),
  removed_at: hold.removed_at ? new Date(hold.removed_at).toISOString() : null,
});

export const holdsAddCommand: Command = async (db, args, print, t) => {
  const state = stringOption(args, "state")?.trim();
  const codes = stringOption(args, "area-codes");
  if (!state === !codes) throw new UsageError("holds.add.needsWhere");
  const endsAt = instantOption(args, "until");
  if (!endsAt) throw new UsageError("holds.add.needsUntil");
  const reason = stringOption(args, "reason")?.trim();
  if (!reason) throw new UsageError("holds.add.needsReason");
  const common = {
    kind: args.options.holiday === true ? ("holiday" as const) : ("emergency" as const),
    startsAt: instantOption(args, "from") ?? new Date(),
    endsAt,
    reason: reason.slice(0, 500),
    createdBy: operator(args),
  };
  const result = await addHold(
    db,
    state ? { ...common, state } : { ...common, areaCodes: codes!.split(",").map((code) => code.trim()) },
  );
  if (!result.ok) throw new UsageError(`holds.refused.${result.code}`);
  const hold = describeHold(result.hold);
  if (args.options.json) print(JSON.stringify(hold));
  else {
    const codes = hold.area_codes.join(" ");
    const added = hold.kind === "holiday" ? "holds.addedHoliday" : "holds.added";
    print(t(added, { id: hold.id, codes, from: hold.starts_at, until: hold.ends_at }));
  }
  return 0;
};

export const holdsListCommand: Command = async (db, args, print, t) => {
  const holds = (await listHolds(db, args.options.all === true)).map(describeHold);
  if (args.options.json) {
    print(JSON.stringify(holds));
    return 0;
  }
  if (holds.length === 0) print(t("holds.none"));
  for (const hold of holds) {
    // The reason and the operator came from people: JSON-quoted so a control character cannot forge a line.
    const line = t("holds.hold", {
      id: hold.id,
      kind: t(`holds.kind.${hold.kind}`),
      state: hold.state ?? "-",
      codes: hold.area_codes.join(","),
      from: hold.starts_at,
      until: hold.ends_at,
      reason: JSON.stringify(hold.reason),
      by: JSON.stringify(hold.created_by),
    });
    const removedBy = JSON.stringify(hold.removed_by);
    print(hold.removed_at ? t("holds.removedBy", { hold: line, at: hold.removed_at, by: removedBy }) : line);
  }
  return 0;
};

export const holdsRemoveCommand: Command = async (db, args, print, t) => {
  const id = args.positionals[2];
  if (!id) throw new UsageError("holds.remove.needsId");
  const removed = await removeHold(db, id, operator(args));
  if (args.options.json) print(JSON.stringify({ id, removed }));
  else print(t(removed ? "holds.removed" : "holds.unknown", { id }));
  return removed ? 0 : 1;
};
