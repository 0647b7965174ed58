// NANPA's list of geographic area codes against the zone table, the phone library and the intake's phone check.
import { US_STATE_CODES } from "@speed-to-lead/spec";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { areaCodeTable } from "./handoff/area-codes.ts";
import { AREA_CODES_BY_STATE, geographicAreaCodes, stateOfAreaCode } from "./nanpa-area-codes.ts";
import { normalizeUsPhone, parseUsPhone } from "./phone.ts";

const listed = [...geographicAreaCodes()];

/** The area codes whose numbers the phone library accepts as fixed-line or mobile of the US or its territories. */
function libraryGeographicCodes(): string[] {
  const codes: string[] = [];
  for (let code = 200; code <= 999; code++) {
    // Several exchanges: a territory's patterns accept only some of them.
    const known = ["2345678", "5550123", "7731234", "6331234", "4721234"].some((line) => {
      const parsed = parsePhoneNumberFromString(`+1${code}${line}`);
      return (
        parsed?.isValid() &&
        parsed.getType() === "FIXED_LINE_OR_MOBILE" &&
        ["US", "PR", "GU", "VI", "MP", "AS"].includes(parsed.country ?? "")
      );
    });
    if (known) codes.push(String(code));
  }
  return codes;
}

describe("NANPA's geographic area codes", () => {
  it("lists each code under one state, for exactly the spec's states and territories", () => {
    expect(Object.keys(AREA_CODES_BY_STATE).sort()).toEqual([...US_STATE_CODES].sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.length).toBeGreaterThan(370);
  });

  it("gives every listed code its zones, and the zone table no code off the list", () => {
    expect([...areaCodeTable().keys()].sort()).toEqual([...listed].sort());
  });

  it("holds every geographic code the phone library knows (the list may be newer, never older)", () => {
    const missing = libraryGeographicCodes().filter((code) => stateOfAreaCode(code) === undefined);
    expect(missing).toEqual([]);
  });

  it("accepts a number in every listed code, whatever the library's metadata says", () => {
    const refused = listed.filter((code) => {
      const e164 = normalizeUsPhone(`+1${code}5550123`);
      const national = parseUsPhone(`(${code}) 555-0123`);
      return !(e164.ok && e164.e164 === `+1${code}5550123` && national.ok);
    });
    expect(refused).toEqual([]);
  });

  it("knows the codes newer than the library: Louisiana 457, Minnesota 924, Alabama 483", () => {
    expect(["457", "924", "483"].map(stateOfAreaCode)).toEqual(["LA", "MN", "AL"]);
    expect(normalizeUsPhone("(457) 555-0123")).toEqual({ ok: true, e164: "+14575550123" });
  });

  it("leaves out codes that say nothing of a place: toll-free, personal, premium", () => {
    for (const code of ["800", "833", "844", "855", "866", "877", "888", "500", "521", "533", "900"])
      expect(stateOfAreaCode(code), code).toBeUndefined();
  });

  it("still refuses what is not a number of a listed code: an N11 exchange, Canada", () => {
    expect(normalizeUsPhone("+14575110123")).toEqual({ ok: false, code: "phone_invalid" });
    expect(normalizeUsPhone("+16045550199")).toEqual({ ok: false, code: "phone_not_us" });
  });
});
