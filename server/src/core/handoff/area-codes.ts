// US area code → IANA time zones: where a number's person may be. Several zones: the area code spans them,
// and the caller uses the window common to all of them, so a call is never early or late for anyone.
import { areaCodesOfState, areaCodeZones } from "../nanpa-area-codes.ts";

const AREA_CODE_ZONES = areaCodeZones();

/** The area code of a NANP number in E.164 ("+1" and ten digits); undefined for anything else. */
export function areaCodeOf(e164: string | null): string | undefined {
  return e164 ? /^\+1([2-9]\d{2})\d{7}$/.exec(e164)?.[1] : undefined;
}

/**
 * The zones of a US phone number's area code, or undefined when the code is unknown or non-geographic.
 *
 * @example zonesOfPhone("+14155552671") // ["America/Los_Angeles"]
 */
export function zonesOfPhone(e164: string): readonly string[] | undefined {
  const code = areaCodeOf(e164);
  return code ? AREA_CODE_ZONES.get(code) : undefined;
}

const zonesByState = new Map<string, readonly string[]>();

/**
 * Every zone a state's area codes lie in: where a person of that state may be.
 *
 * @example zonesOfState("FL") // ["America/New_York", "America/Chicago"]
 */
export function zonesOfState(state: string): readonly string[] {
  const codes = areaCodesOfState(state);
  if (!codes) return [];
  let zones = zonesByState.get(state);
  if (!zones) {
    zones = [...new Set(codes.flatMap((code) => AREA_CODE_ZONES.get(code) ?? []))];
    // Bounded: only the states on NANPA's list are kept.
    zonesByState.set(state, zones);
  }
  return zones;
}

/** Every area code in the table with its zones (tests check each zone is a real IANA name). */
export function areaCodeTable(): ReadonlyMap<string, readonly string[]> {
  return AREA_CODE_ZONES;
}
