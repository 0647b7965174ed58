// Every assigned geographic area code of the US states, DC and the territories: its state, where a number's person is.
import { US_STATE_CODES } from "@speed-to-lead/spec";
import { AREA_CODE_DATA_SETS, AREA_CODE_ROWS } from "./generated/nanpa-area-code-table.ts";

/**
 * The table (`generated/nanpa-area-code-table.ts`) is built by `server/scripts/area-codes/build.ts`
 * from NANPA's list (an extract of its NPA report: every assigned geographic code, announced overlays
 * included, with its state, overlay complex and time zones), the zone of each exchange from
 * libphonenumber's geocoding data, and cross-checks against the other data sets. Non-geographic codes
 * (toll-free 8XX, personal 5XX, 900, 600, 700) are absent on purpose: they say nothing about where
 * the person is, and Canadian and Caribbean codes are not US numbers (`phone.ts`).
 */
export { AREA_CODE_DATA_SETS, NANPA_LIST_READ } from "./generated/nanpa-area-code-table.ts";

/** The data sets, as a call window's `rules_applied` names them. */
export const AREA_CODE_DATA = `${AREA_CODE_DATA_SETS.map((set) => `${set.name} ${set.version}`).join(", ")}, reviewed corrections`;

/** The 48 states and DC: the contiguous US (no Alaska, Hawaii or territory), in the spec's order. */
export const CONTIGUOUS_STATE_CODES: readonly string[] = US_STATE_CODES.filter(
  (state) => !["AK", "HI", "PR", "VI", "GU", "MP", "AS"].includes(state),
);

const CODES_OF_STATE = new Map<string, string[]>();
for (const [code, [state]] of Object.entries(AREA_CODE_ROWS)) {
  const codes = CODES_OF_STATE.get(state) ?? [];
  CODES_OF_STATE.set(state, [...codes, code]);
}

/** The state of a geographic area code; undefined for a non-geographic, unassigned or unknown one. */
export const stateOfAreaCode = (code: string): string | undefined =>
  Object.hasOwn(AREA_CODE_ROWS, code) ? AREA_CODE_ROWS[code]![0] : undefined;

/** Every geographic area code on the list. */
export const geographicAreaCodes = (): Iterable<string> => Object.keys(AREA_CODE_ROWS);

/** The area codes of a state, DC or territory; undefined for anything else. */
export function areaCodesOfState(state: string): readonly string[] | undefined {
  return CODES_OF_STATE.get(state);
}

const ZONES = new Map(Object.entries(AREA_CODE_ROWS).map(([code, [, ...zones]]) => [code, zones]));

/** Every code on the list → every zone it covers (several where it spans a zone line), east to west. */
export const areaCodeZones = (): ReadonlyMap<string, readonly string[]> => ZONES;
