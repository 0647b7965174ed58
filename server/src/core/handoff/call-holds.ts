// Holds: an operator stops calls to a state's or some area codes for a period, with a reason (an emergency, or a
// holiday set only by proclamation).
import type { Queryable } from "../../db/database.ts";
import { areaCodesOfState } from "../nanpa-area-codes.ts";
import type { CallBlock } from "./calling-hours.ts";

/**
 * emergency: a lead under a hold that outlasts its five-minute response is answered without its phone.
 * holiday: a day no rule computes (a governor's proclamation); it only moves call windows past it, as a holiday.
 */
export const HOLD_KINDS = ["emergency", "holiday"] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

export interface CallHold {
  id: string;
  kind: HoldKind;
  /** Two letters, or null for a hold given by area codes. */
  state: string | null;
  area_codes: string[];
  starts_at: Date;
  ends_at: Date;
  reason: string;
  created_by: string;
  created_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
}

export type NewHold = {
  /** Default emergency. */
  kind?: HoldKind;
  startsAt: Date;
  endsAt: Date;
  reason: string;
  createdBy: string;
} & ({ state: string } | { areaCodes: string[] });

export type HoldResult =
  | { ok: true; hold: CallHold }
  | { ok: false; code: "state_unknown" | "area_code_invalid" | "period_invalid" };

const COLUMNS =
  "id::text, kind, state, area_codes, starts_at, ends_at, reason, created_by, created_at, removed_at, removed_by";

/**
 * Adds a hold. A state's area codes are those NANPA's list gives it (`nanpa-area-codes.ts`), fixed when the
 * hold is added.
 *
 * @example await addHold(db, { state: "LA", startsAt: new Date(), endsAt: new Date("2026-12-01T00:00:00Z"), reason: "declared emergency", createdBy: "ops" })
 */
export async function addHold(db: Queryable, hold: NewHold): Promise<HoldResult> {
  const state = "state" in hold ? hold.state.toUpperCase() : null;
  const codes = state ? areaCodesOfState(state) : "areaCodes" in hold ? hold.areaCodes : undefined;
  if (!codes) return { ok: false, code: "state_unknown" };
  if (codes.length === 0 || codes.some((code) => !/^[2-9]\d{2}$/.test(code)))
    return { ok: false, code: "area_code_invalid" };
  if (!(hold.endsAt.getTime() > hold.startsAt.getTime())) return { ok: false, code: "period_invalid" };
  const [row] = await db.query<CallHold>(
    `insert into call_holds (id, state, area_codes, starts_at, ends_at, reason, created_by, kind)
     values ($1, $2, $3::text::text[], $4, $5, $6, $7, $8) returning ${COLUMNS}`,
    [
      Bun.randomUUIDv7(),
      state,
      `{${[...new Set(codes)].join(",")}}`,
      hold.startsAt.toISOString(),
      hold.endsAt.toISOString(),
      hold.reason,
      hold.createdBy,
      hold.kind ?? "emergency",
    ],
  );
  return { ok: true, hold: row! };
}

/** Holds not removed whose end has not passed (with `all`: every hold ever added), newest first. */
export function listHolds(db: Queryable, all = false): Promise<CallHold[]> {
  return db.query<CallHold>(
    `select ${COLUMNS} from call_holds
     ${all ? "" : "where removed_at is null and ends_at > now()"} order by created_at desc`,
  );
}

/** The holds a delivery must respect: not removed, not over. Few rows; read once per claim. */
export function currentHolds(db: Queryable): Promise<CallHold[]> {
  return db.query<CallHold>(
    `select ${COLUMNS} from call_holds where removed_at is null and ends_at > now() order by starts_at`,
  );
}

/** Ends a hold now; false when there is no such hold or it was already removed. */
export async function removeHold(db: Queryable, id: string, removedBy: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const rows = await db.query(
    "update call_holds set removed_at = now(), removed_by = $2 where id = $1 and removed_at is null returning id",
    [id, removedBy],
  );
  return rows.length > 0;
}

/** The holds whose area codes include the phone's. */
export function holdsOfPhone(holds: readonly CallHold[], e164: string | null): CallHold[] {
  const code = e164 ? /^\+1(\d{3})\d{7}$/.exec(e164)?.[1] : undefined;
  return code ? holds.filter((hold) => hold.area_codes.includes(code)) : [];
}

/** A hold as a period the call window must avoid, with its rules_applied entry. */
export function holdBlock(hold: CallHold): CallBlock {
  const where = hold.state ? `US-${hold.state}` : `area codes ${hold.area_codes.join(", ")}`;
  return {
    start: new Date(hold.starts_at).getTime(),
    end: new Date(hold.ends_at).getTime(),
    applied: {
      kind: "hold",
      jurisdiction: hold.state ? `US-${hold.state}` : "US",
      name: `${hold.kind === "holiday" ? "Holiday by proclamation" : "Emergency hold"} (${where})`,
      local_start: null,
      local_end: null,
      source: hold.reason,
      checked: new Date(hold.created_at).toISOString().slice(0, 10),
      until: new Date(hold.ends_at).toISOString(),
    },
  };
}
