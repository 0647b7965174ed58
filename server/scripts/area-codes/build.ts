// Builds server/src/core/generated/nanpa-area-code-table.ts from the data sets and the reviewed entries; run it
// with `bun run --cwd server area-codes` after updating a data set (the test fails until it is run).
import { writeFileSync } from "node:fs";
import { US_STATE_CODES } from "@speed-to-lead/spec";
import { EXTRA_ZONES, NEWER_CODES, OVERLAY_GROUPS, READ_ON, WRONG_ZONES } from "./reviewed.ts";
import { DATA_SETS, geocodes, nanpaDerivedStates, prefixZones, territoryOf } from "./sources.ts";

export const TABLE_PATH = new URL("../../src/core/generated/nanpa-area-code-table.ts", import.meta.url);
/** The SDK's copy of the codes alone: its normalizeUsPhone accepts what the service accepts. */
export const SDK_CODES_PATH = new URL("../../../sdk/src/generated/area-codes.ts", import.meta.url);

/** The geocoding data's English names of the states and DC → USPS code. */
const STATE_NAMES: Readonly<Record<string, string>> = {
  Alabama: "AL",
  Alaska: "AK",
  Arizona: "AZ",
  Arkansas: "AR",
  California: "CA",
  Colorado: "CO",
  Connecticut: "CT",
  Delaware: "DE",
  "Washington D.C.": "DC",
  Florida: "FL",
  Georgia: "GA",
  Hawaii: "HI",
  Idaho: "ID",
  Illinois: "IL",
  Indiana: "IN",
  Iowa: "IA",
  Kansas: "KS",
  Kentucky: "KY",
  Louisiana: "LA",
  Maine: "ME",
  Maryland: "MD",
  Massachusetts: "MA",
  Michigan: "MI",
  Minnesota: "MN",
  Mississippi: "MS",
  Missouri: "MO",
  Montana: "MT",
  Nebraska: "NE",
  Nevada: "NV",
  "New Hampshire": "NH",
  "New Jersey": "NJ",
  "New Mexico": "NM",
  "New York": "NY",
  "North Carolina": "NC",
  "North Dakota": "ND",
  Ohio: "OH",
  Oklahoma: "OK",
  Oregon: "OR",
  Pennsylvania: "PA",
  "Rhode Island": "RI",
  "South Carolina": "SC",
  "South Dakota": "SD",
  Tennessee: "TN",
  Texas: "TX",
  Utah: "UT",
  Vermont: "VT",
  Virginia: "VA",
  "Washington State": "WA",
  "West Virginia": "WV",
  Wisconsin: "WI",
  Wyoming: "WY",
};
const USPS = new Set<string>(US_STATE_CODES);

/** "Ohio" → OH; "Chicago, IL" → IL; a Canadian or Caribbean name → undefined. */
function stateOfName(name: string): string | undefined {
  const suffix = name.split(", ").pop()!;
  return STATE_NAMES[name] ?? (USPS.has(suffix) ? suffix : undefined);
}

/** The state of each US code in the geocoding data: its own name, else the one its exchanges agree on. */
export function geocodedStates(): Map<string, string> {
  const byCode = new Map<string, Set<string>>();
  const own = new Map<string, string>();
  for (const [prefix, name] of geocodes()) {
    const state = stateOfName(name);
    if (!state) continue;
    if (prefix.length === 3) own.set(prefix, state);
    else {
      const code = prefix.slice(0, 3);
      byCode.set(code, (byCode.get(code) ?? new Set()).add(state));
    }
  }
  const states = new Map(own);
  for (const [code, found] of byCode) {
    if (own.has(code)) continue;
    if (found.size > 1) throw new Error(`area code ${code}: its exchanges name ${[...found]}`);
    states.set(code, [...found][0]!);
  }
  return states;
}

const offsetsOf = new Map<string, string>();

/** UTC offsets of a zone at noon UTC on every day of 2026–2035: equal for two zones, the same clock for the table's life. */
function offsets(zone: string): string {
  let known = offsetsOf.get(zone);
  if (known === undefined) {
    const format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    const out: string[] = [];
    for (let day = Date.UTC(2026, 0, 1, 12); day < Date.UTC(2036, 0, 1); day += 86_400_000)
      out.push(format.formatToParts(day).at(-1)!.value);
    known = out.join(" ");
    offsetsOf.set(zone, known);
  }
  return known;
}

/** Zones people know first: of two zones with the same clock, the table keeps one of these. */
const MAIN_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Anchorage",
];

/** One zone per clock (the main name where one has it), east to west. */
function distinctClocks(zones: Iterable<string>): string[] {
  const byClock = new Map<string, string>();
  for (const zone of zones) {
    const clock = offsets(zone);
    const kept = byClock.get(clock);
    if (!kept || (MAIN_ZONES.includes(zone) && !MAIN_ZONES.includes(kept))) byClock.set(clock, zone);
  }
  const january = (zone: string) => offsets(zone).split(" ")[0]!;
  const minutes = (offset: string) => {
    const [, sign, h, m] = /GMT([+-])?(\d\d)?:?(\d\d)?/.exec(offset)!;
    return (sign === "-" ? -1 : 1) * (Number(h ?? 0) * 60 + Number(m ?? 0));
  };
  return [...byClock.values()].sort(
    (a, b) => minutes(january(b)) - minutes(january(a)) || a.localeCompare(b),
  );
}

export interface AreaCodeTable {
  /** Area code → [USPS code, ...every zone]. */
  codes: Map<string, [string, ...string[]]>;
}

/** Every assigned geographic code of the US and its territories with its state and every zone. */
export function buildAreaCodeTable(): AreaCodeTable {
  const geocoded = geocodedStates();
  const nanpa = nanpaDerivedStates();
  const zonesByPrefix = prefixZones();
  const states = new Map<string, string>();
  for (let n = 200; n <= 999; n++) {
    const code = String(n);
    const found = [geocoded.get(code), nanpa.get(code), territoryOf(code), NEWER_CODES[code]?.state].filter(
      (state): state is string => state !== undefined,
    );
    if (found.length === 0) continue;
    if (new Set(found).size > 1) throw new Error(`area code ${code}: the data sets disagree (${found})`);
    states.set(code, found[0]!);
  }
  const ownZones = (code: string): Set<string> => {
    const zones = new Set<string>();
    for (const [prefix, names] of zonesByPrefix)
      if (prefix.startsWith(code)) for (const zone of names) zones.add(zone);
    for (const parent of NEWER_CODES[code]?.overlays ?? [])
      for (const zone of ownZones(parent)) zones.add(zone);
    for (const zone of WRONG_ZONES[code] ?? []) zones.delete(zone);
    return zones;
  };
  const zones = new Map([...states.keys()].map((code) => [code, ownZones(code)]));
  for (const group of OVERLAY_GROUPS) {
    const union = new Set(group.flatMap((code) => [...zones.get(code)!]));
    for (const code of group) zones.set(code, union);
  }
  for (const [code, extra] of Object.entries(EXTRA_ZONES))
    zones.set(code, new Set([...zones.get(code)!, ...extra]));
  // A code no data set zones (assigned, not in service yet): every zone of its state, never a guess.
  const stateZones = (state: string) =>
    [...states].filter(([, s]) => s === state).flatMap(([code]) => [...zones.get(code)!]);
  const codes = new Map<string, [string, ...string[]]>();
  for (const [code, state] of states) {
    const own = zones.get(code)!;
    codes.set(code, [state, ...distinctClocks(own.size > 0 ? own : stateZones(state))]);
  }
  return { codes };
}

/** The table as the committed TypeScript file. */
export function renderAreaCodeTable(table: AreaCodeTable): string {
  const sets = DATA_SETS.map((set) => `  ${JSON.stringify(set)},`).join("\n");
  const rows = [...table.codes].map(([code, row]) => `  "${code}": ${JSON.stringify(row)},`).join("\n");
  return `// Generated by scripts/area-codes/build.ts from the data sets below and scripts/area-codes/reviewed.ts: do not edit.

/** The data sets the table was built from (the reviewed entries say what was decided beyond them). */
export const AREA_CODE_DATA_SETS = [
${sets}
] as const;

/** When the data sets were read and compared. */
export const NANPA_LIST_READ = "${READ_ON}";

/** Every assigned geographic area code of the US and its territories → [USPS code, ...every IANA zone]. */
export const AREA_CODE_ROWS: Readonly<Record<string, readonly [string, ...string[]]>> = {
${rows}
};
`;
}

/** The codes alone, for the SDK's phone check (a few kB, no zones). */
export function renderSdkAreaCodes(table: AreaCodeTable): string {
  const codes = [...table.codes.keys()].join(" ");
  return `// Generated by server/scripts/area-codes/build.ts from NANPA's list as the service reads it: do not edit.

/** Every geographic area code of the US and its territories (read ${READ_ON}), space-separated. */
export const US_AREA_CODES = "${codes}";
`;
}

if (import.meta.main) {
  const table = buildAreaCodeTable();
  writeFileSync(TABLE_PATH, renderAreaCodeTable(table));
  writeFileSync(SDK_CODES_PATH, renderSdkAreaCodes(table));
  console.log(`${table.codes.size} area codes written to ${TABLE_PATH.pathname}`);
}
