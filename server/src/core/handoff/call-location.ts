// Where the person called may be: every place a lead's number and fields point at, each with its zones and states.

import { CONTIGUOUS_STATE_CODES, stateOfAreaCode } from "../nanpa-area-codes.ts";
import { canonicalTimeZone } from "../time-zone.ts";
import { areaCodeOf, areaCodeTable, zonesOfState } from "./area-codes.ts";
import { postalPlace } from "./postal-codes.ts";

/**
 * area_code: the phone's geographic area code. timezone: the lead's stated zone (any IANA zone, in the
 * US or not). state: the lead's USPS code. postal_code: the lead's ZIP. contiguous_us: the whole
 * contiguous US, for a number of unknown place whose account opted into calling it.
 */
export const PLACE_SOURCES = ["area_code", "timezone", "state", "postal_code", "contiguous_us"] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];

export interface CallPlace {
  source: PlaceSource;
  /** What pointed at it: the area code, the zone name, the USPS code, the ZIP; "48 states and DC". */
  value: string;
  /** Every zone the person may be in there. */
  zones: readonly string[];
  /** The states (USPS codes) it lies in: their calling rules apply. Empty for a zone alone. */
  states: readonly string[];
}

/** The lead's fields a location is read from (as stored: E.164 phone, canonical zone, upper-case state). */
export interface LocatedLead {
  phone: string | null;
  timezone: string | null;
  state: string | null;
  postal_code: string | null;
}

/**
 * Every place the person may be, each narrowing the window and none widening it: the call window is
 * the hours permitted in every zone of every place, under the rules of every state of every place.
 * A field that places the person nowhere (an unknown ZIP) adds no place.
 *
 * @example callPlaces({ phone: "+13055550123", timezone: "UTC", state: null, postal_code: null })
 * // [{ source: "area_code", value: "305", zones: ["America/New_York"], states: ["FL"] },
 * //  { source: "timezone", value: "UTC", zones: ["UTC"], states: [] }]
 */
export function callPlaces(lead: LocatedLead): CallPlace[] {
  const places: CallPlace[] = [];
  const code = areaCodeOf(lead.phone);
  const codeState = code ? stateOfAreaCode(code) : undefined;
  const codeZones = code ? areaCodeTable().get(code) : undefined;
  if (code && codeState && codeZones)
    places.push({ source: "area_code", value: code, zones: codeZones, states: [codeState] });
  const zone = lead.timezone ? canonicalTimeZone(lead.timezone) : undefined;
  if (zone) places.push({ source: "timezone", value: zone, zones: [zone], states: [] });
  if (lead.state && zonesOfState(lead.state).length > 0)
    places.push({
      source: "state",
      value: lead.state,
      zones: zonesOfState(lead.state),
      states: [lead.state],
    });
  const postal = lead.postal_code ? postalPlace(lead.postal_code) : undefined;
  if (postal) {
    const zones = postal.zone ? [postal.zone] : zonesOfState(postal.state);
    if (zones.length > 0)
      places.push({ source: "postal_code", value: lead.postal_code!, zones, states: [postal.state] });
  }
  return places;
}

/** Whether some place says which state the person is in: without one, no state's rules are known. */
export const locationKnown = (places: readonly CallPlace[]): boolean =>
  places.some((place) => place.states.length > 0);

/** Every zone of the contiguous US. */
const CONTIGUOUS_ZONES = [...new Set(CONTIGUOUS_STATE_CODES.flatMap((state) => zonesOfState(state)))];

/**
 * The place of a number nothing locates, for an account that calls such numbers: anywhere in the 48
 * states and DC, so the window is the one legal in every contiguous zone under every state's rules.
 */
export const CONTIGUOUS_US: CallPlace = {
  source: "contiguous_us",
  value: "48 states and DC",
  zones: CONTIGUOUS_ZONES,
  states: CONTIGUOUS_STATE_CODES,
};
