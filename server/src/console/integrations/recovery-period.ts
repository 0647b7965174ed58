// The period of a "Recover since" form: a start (required, in the past) and an optional end (else now), each typed
// as a UTC time such as 2026-11-27 14:00, or with its own offset; every refusal names the field and why.
import type { RecoveryPeriod } from "../../core/callbacks/callback-recovery.ts";
import type { MessageKey } from "../kit/dictionary.ts";

/** 2026-11-27, 2026-11-27 14:00, 2026-11-27T14:00:05, each optionally ending in Z or ±hh:mm. */
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** The moment `text` names; undefined when it is no such time or names a day that does not exist (Feb 30). */
export function parseMoment(text: string): Date | undefined {
  const match = MOMENT.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const utc = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second));
  const fields = [utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate(), utc.getUTCHours()];
  if (fields.join() !== [year, month, day, hour].join() || minute > 59 || second > 59) return undefined;
  const offset = match[7]?.toUpperCase();
  if (!offset || offset === "Z") return utc;
  const [, sign, hh, mm] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset) ?? [];
  const minutes = Number(hh) * 60 + Number(mm);
  if (Number(hh) > 14 || Number(mm) > 59) return undefined;
  return new Date(utc.getTime() - (sign === "-" ? -1 : 1) * minutes * 60_000);
}

export type PeriodField = "from" | "to";

export type ParsedPeriod =
  | { ok: true; period: RecoveryPeriod }
  | { ok: false; errors: Partial<Record<PeriodField, MessageKey>> };

/** @example parseRecoveryPeriod("2026-11-27 14:00", "", new Date()) */
export function parseRecoveryPeriod(fromText: string, toText: string, now: Date): ParsedPeriod {
  const errors: Partial<Record<PeriodField, MessageKey>> = {};
  const from = parseMoment(fromText);
  if (fromText.trim() === "") errors.from = "form.required";
  else if (!from) errors.from = "integrations.recover.invalid";
  else if (from > now) errors.from = "integrations.recover.future";
  const to = toText.trim() === "" ? now : parseMoment(toText);
  if (!to) errors.to = "integrations.recover.invalid";
  // The order is judged only against a usable start: a start in the future is its own field's error.
  else if (from && !errors.from && to <= from) errors.to = "integrations.recover.order";
  if (errors.from || errors.to || !from || !to) return { ok: false, errors };
  return { ok: true, period: { from, to } };
}
